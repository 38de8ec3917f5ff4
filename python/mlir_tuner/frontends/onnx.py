"""ONNX to linalg on tensors through IREE's importer (the [onnx] extra:
onnx and iree-base-compiler from PyPI):

1. the model is saved to a temporary .onnx file and imported by
   ``python -m iree.compiler.tools.import_onnx`` (iree-import-onnx: torch
   dialect, one torch.operator "onnx.*" per node);
2. ``iree-compile --iree-input-type=onnx --compile-to=input
   --iree-torch-emit-async-entry-points=false`` lowers it to linalg on
   tensors with one synchronous ``util.func public`` entry;
3. cleanup (cleanup.py): util.func/util.return become func.func/return,
   and any other non-upstream op is an error.

This is how examples/models/onnx_*.mlir were made (examples/models/gen).
"""

import os
import subprocess
import sys
import tempfile

from . import cleanup

_EXTRA = ("mlir_tuner.frontends.onnx needs the [onnx] extra: pip install "
          "'mlir_tuner[onnx]' (the onnx and iree-base-compiler packages)")

try:
    import onnx as _onnx
    from iree.compiler.tools import binaries as _iree_binaries
except ImportError as e:
    raise ImportError(f"{_EXTRA} ({e})") from e


def _run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise cleanup.FrontendError(
            f"{' '.join(map(str, cmd))} failed ({r.returncode}):\n"
            f"{r.stderr[-3000:]}")


def to_linalg(model, entry="main"):
    """An onnx.ModelProto, or the path of a .onnx file, as linalg-on-tensors
    text with a public func.func `entry` (static input shapes required)."""
    with tempfile.TemporaryDirectory(prefix="mlir-tuner-onnx-") as tmp:
        path = os.path.join(tmp, "model.onnx")
        if isinstance(model, (str, os.PathLike)):
            model = _onnx.load(os.fspath(model))
        if not isinstance(model, _onnx.ModelProto):
            raise TypeError("to_linalg() takes an onnx.ModelProto or a path")
        _onnx.save(model, path)
        imported = os.path.join(tmp, "model.torch.mlir")
        lowered = os.path.join(tmp, "model.input.mlir")
        _run([sys.executable, "-m", "iree.compiler.tools.import_onnx", path,
              "-o", imported])
        _run([_iree_binaries.find_tool("iree-compile"), imported,
              "--iree-input-type=onnx", "--compile-to=input",
              "--iree-torch-emit-async-entry-points=false", "-o", lowered])
        with open(lowered) as f:
            text = f.read()
    text = cleanup.util_func_to_func(text)
    return cleanup.check_dialects(cleanup.rename_entry(text, entry))


def load(model, entry="main"):
    """to_linalg() parsed as a mlir_tuner.Module."""
    from ..core import Module
    return Module.parse(to_linalg(model, entry), "<onnx>")
