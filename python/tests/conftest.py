"""Shared fixtures: the examples directory, and a skip of the native tests
when the native module is not built."""

import os

import pytest

EXAMPLES = os.environ.get("MLIR_TUNER_EXAMPLES") or os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples")


@pytest.fixture
def examples():
    return EXAMPLES


def workload(name):
    return os.path.join(EXAMPLES, "workloads", name)


@pytest.fixture
def mt():
    """The package, with its native module (skips without it)."""
    pytest.importorskip("mlir_tuner._native",
                        reason="mlir_tuner's native module is not built")
    import mlir_tuner
    return mlir_tuner
