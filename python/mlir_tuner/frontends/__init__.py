"""Frontends: a model to linalg on tensors that tuner-opt reads.

    from mlir_tuner.frontends import onnx as fe_onnx   # pip install './python[onnx]'
    module = fe_onnx.load(model_proto_or_path)         # a mlir_tuner.Module

    from mlir_tuner.frontends import torch as fe_torch  # pip install './python[torch]'
    module = fe_torch.load(nn_module, example_input)

Each returns a public `func.func @main` on static tensors with upstream ops
only (func, linalg, tensor, arith, math): the cleanups are in cleanup.py.
"""
