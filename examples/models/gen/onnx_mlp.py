#!/usr/bin/env python3
"""An ONNX MLP built in code with the onnx package (MatMul + Add + Relu, then
Gemm with transB; the weights are initializers), imported with IREE's ONNX
importer and lowered to linalg on tensors by IREE's input pipeline (see
_common.onnx_import_linalg for the steps and the one cleanup). Batch 32,
256 -> 512 -> 64, f32, opset 17. The weights become dense constants (hex).

    python examples/models/gen/onnx_mlp.py -o examples/models/onnx_mlp.mlir
"""

import _common as c

NAME = "onnx_mlp.mlir"
BATCH, IN, HIDDEN, OUT = 32, 256, 512, 64


def build_model():
    import numpy as np
    from onnx import TensorProto, checker, helper, numpy_helper
    rng = np.random.default_rng(0)

    def init(name, shape, scale):
        return numpy_helper.from_array(
            (rng.standard_normal(shape) * scale).astype(np.float32), name)

    initializers = [
        init("w1", (IN, HIDDEN), 1 / np.sqrt(IN)),    # MatMul: x @ w1
        init("b1", (HIDDEN,), 0.1),
        init("w2", (OUT, HIDDEN), 1 / np.sqrt(HIDDEN)),  # Gemm with transB = 1
        init("b2", (OUT,), 0.1),
    ]
    nodes = [
        helper.make_node("MatMul", ["x", "w1"], ["mm1"]),
        helper.make_node("Add", ["mm1", "b1"], ["add1"]),
        helper.make_node("Relu", ["add1"], ["relu1"]),
        helper.make_node("Gemm", ["relu1", "w2", "b2"], ["y"], transB=1),
    ]
    # The graph's name becomes the entry function's name.
    graph = helper.make_graph(
        nodes, "main",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [BATCH, IN])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [BATCH, OUT])],
        initializer=initializers)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)],
                              producer_name="mlir-tuner examples/models/gen")
    model.ir_version = 8
    checker.check_model(model, full_check=True)
    return model


def main():
    args = c.parse_args(__doc__, NAME)
    c.seed_everything(0)
    text = c.onnx_import_linalg(build_model())
    c.write_module(args.output, text, __file__, c.versions(*c.ONNX_VERSIONS),
                   ["ONNX MLP: batch 32, MatMul 256x512 + Add + Relu, Gemm 512->64 (transB);",
                    "f32, opset 17, weights as initializers. iree-import-onnx, then",
                    "iree-compile --compile-to=input (synchronous ABI), util.func -> func.func."])


if __name__ == "__main__":
    main()
