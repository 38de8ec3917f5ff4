"""mlir_tuner: tune MLIR linalg programs from Python.

    import mlir_tuner as mt
    module = mt.Module.load("examples/workloads/mlp_3layer.mlir")
    report = mt.tune(module, trials=32, database="mlp.db")
    print(report.table())
    mt.apply_best(module, "mlp.db")
    print(module.run(reference=mt.Module.load(...)).median_s)
    outputs = module.compile()(*numpy_inputs)   # results back in Python

    # torch.compile (the [torch] extra):
    import mlir_tuner.torch
    fast = torch.compile(model, backend=mlir_tuner.torch.backend(
        target="host", trials=64, database="model.db"))

The native parts (Module, tune, apply_best, Database) load on first use, so
that the pure-Python parts (records, plots, the report page, the frontends)
work without the native module.
"""

from ._errors import MLIRError, MLIRWarning

__all__ = ["MLIRError", "MLIRWarning", "Module", "Task", "tune",
           "check_options", "apply_best", "Report", "TaskRow", "RunResult",
           "Database", "Record", "Executable", "records", "plots",
           "report_page"]

_LAZY = {
    "Module": "core", "Task": "core", "tune": "core", "check_options": "core",
    "apply_best": "core", "Report": "core", "TaskRow": "core",
    "RunResult": "core", "Executable": "core", "Database": "database",
    "Record": "database",
}
_SUBMODULES = ("records", "plots", "report_page", "machine", "frontends",
               "torch")


def __getattr__(name):
    import importlib
    if name in _LAZY:
        module = importlib.import_module("." + _LAZY[name], __name__)
        return getattr(module, name)
    if name in _SUBMODULES:
        return importlib.import_module("." + name, __name__)
    raise AttributeError(f"module 'mlir_tuner' has no attribute '{name}'")


def native_available():
    """Whether the native module loads (built, and its libraries found)."""
    try:
        from . import _native  # noqa: F401
        return True
    except ImportError:
        return False
