"""Frontends: an ONNX MLP built in code (needs onnx and IREE), a PyTorch MLP
(needs torch-mlir); both skipped without their extra. The missing-extra
error runs everywhere."""

import importlib
import sys

import pytest


def test_missing_extra_message(monkeypatch):
    for name in ("onnx", "torch"):
        monkeypatch.setitem(sys.modules, name, None)
        monkeypatch.delitem(sys.modules, f"mlir_tuner.frontends.{name}",
                            raising=False)
        with pytest.raises(ImportError, match=rf"\[{name}\] extra"):
            importlib.import_module(f"mlir_tuner.frontends.{name}")
    # The torch.compile backend names the same extra.
    monkeypatch.delitem(sys.modules, "mlir_tuner.torch", raising=False)
    with pytest.raises(ImportError, match=r"\[torch\] extra"):
        importlib.import_module("mlir_tuner.torch")


def test_cleanup_rejects_foreign_ops():
    from mlir_tuner.frontends import cleanup
    with pytest.raises(cleanup.FrontendError, match="torch.aten.mm"):
        cleanup.check_dialects("func.func @main() {\n"
                               "  %0 = torch.aten.mm %a, %b : x\n}\n")
    text = ("util.func public @m(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
            "  util.return %a : tensor<2xf32>\n}")
    out = cleanup.rename_entry(cleanup.util_func_to_func(text), "main")
    assert out.startswith("func.func @main(") and "  return %a" in out


def onnx_mlp():
    np = pytest.importorskip("numpy")
    from onnx import TensorProto, helper, numpy_helper
    rng = np.random.default_rng(0)

    def init(name, shape):
        return numpy_helper.from_array(
            (rng.standard_normal(shape) * 0.1).astype(np.float32), name)
    graph = helper.make_graph(
        [helper.make_node("MatMul", ["x", "w1"], ["h"]),
         helper.make_node("Add", ["h", "b1"], ["a"]),
         helper.make_node("Relu", ["a"], ["r"]),
         helper.make_node("MatMul", ["r", "w2"], ["y"])], "mlp",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [8, 64])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [8, 16])],
        [init("w1", (64, 128)), init("b1", (128,)), init("w2", (128, 16))])
    return helper.make_model(graph,
                             opset_imports=[helper.make_opsetid("", 17)])


def test_onnx_mlp(mt):
    pytest.importorskip("onnx")
    pytest.importorskip("iree.compiler")
    from mlir_tuner.frontends import onnx as fe
    model = onnx_mlp()
    module = fe.load(model)
    assert "func.func @main(%arg0: tensor<8x64xf32>) -> tensor<8x16xf32>" in str(module)
    assert [t.name for t in module.tasks()] == ["matmul_8x128x64_fused1",
                                                "matmul_8x16x128"]
    report = mt.tune(module, trials=4, batch_size=2, final_validation=0,
                     repeats=1, progress="off")
    assert report.trials == 4
    assert module.run(reference=fe.load(model), repeats=2).match is True


def test_torch_mlp(mt):
    torch = pytest.importorskip("torch")
    pytest.importorskip("torch_mlir")
    from mlir_tuner.frontends import torch as fe
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(64, 128), torch.nn.ReLU(),
                                torch.nn.Linear(128, 16))
    module = fe.load(model, torch.randn(8, 64))
    assert len(module.tasks()) == 2
    report = mt.tune(module, trials=2, batch_size=2, final_validation=0,
                     repeats=1, progress="off")
    assert report.trials == 2
    assert module.run(reference=fe.load(model, torch.randn(8, 64)),
                      repeats=1).match is True
