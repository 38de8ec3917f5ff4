"""PyTorch to linalg on tensors through torch-mlir's FX importer (the
[torch] extra: torch and torch-mlir):
``fx.export_and_import(model, *inputs,
output_type=OutputType.LINALG_ON_TENSORS, func_name=entry)``, then the
check that only upstream ops remain (cleanup.py). Parameters become
dense_resource constants, as torch-mlir emits them.

torch-mlir carries its own MLIR; it runs in this process but shares nothing
with mlir_tuner's native module (the text is the interface).
"""

from . import cleanup

_EXTRA = ("mlir_tuner.frontends.torch needs the [torch] extra: pip install "
          "'mlir_tuner[torch]' (torch and torch-mlir, both on PyPI)")

try:
    import torch as _torch
    from torch_mlir import fx as _fx
    from torch_mlir.fx import OutputType as _OutputType
except ImportError as e:
    raise ImportError(f"{_EXTRA} ({e})") from e


def to_linalg(model, *example_inputs, entry="main"):
    """An nn.Module and example inputs (their shapes become the static
    shapes of the entry) as linalg-on-tensors text."""
    if not isinstance(model, _torch.nn.Module):
        raise TypeError("to_linalg() takes a torch.nn.Module")
    model = model.eval()
    with _torch.no_grad():
        module = _fx.export_and_import(
            model, *example_inputs,
            output_type=_OutputType.LINALG_ON_TENSORS, func_name=entry)
    return cleanup.check_dialects(str(module))


def load(model, *example_inputs, entry="main"):
    """to_linalg() parsed as a mlir_tuner.Module."""
    from ..core import Module
    return Module.parse(to_linalg(model, *example_inputs, entry=entry),
                        "<torch>")
