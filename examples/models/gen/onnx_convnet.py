#!/usr/bin/env python3
"""A small ONNX conv net built in code with the onnx package: Conv 3->16 3x3
(pad 1) + Relu, MaxPool 2x2 stride 2, Conv 16->32 3x3 (pad 1) + Relu,
GlobalAveragePool, Flatten, Gemm 32->10 (transB). Input 1x3x64x64 (NCHW),
f32, opset 17; weights are initializers. Imported with IREE's ONNX importer
and lowered to linalg on tensors by IREE's input pipeline, as onnx_mlp.py
(see _common.onnx_import_linalg).

    python examples/models/gen/onnx_convnet.py -o examples/models/onnx_convnet.mlir
"""

import _common as c

NAME = "onnx_convnet.mlir"
IN_C, HW, C1, C2, CLASSES = 3, 64, 16, 32, 10


def build_model():
    import numpy as np
    from onnx import TensorProto, checker, helper, numpy_helper
    rng = np.random.default_rng(0)

    def init(name, shape, scale):
        return numpy_helper.from_array(
            (rng.standard_normal(shape) * scale).astype(np.float32), name)

    initializers = [
        init("conv1_w", (C1, IN_C, 3, 3), 1 / np.sqrt(IN_C * 9)),
        init("conv1_b", (C1,), 0.1),
        init("conv2_w", (C2, C1, 3, 3), 1 / np.sqrt(C1 * 9)),
        init("conv2_b", (C2,), 0.1),
        init("fc_w", (CLASSES, C2), 1 / np.sqrt(C2)),
        init("fc_b", (CLASSES,), 0.1),
    ]
    nodes = [
        helper.make_node("Conv", ["x", "conv1_w", "conv1_b"], ["conv1"],
                         kernel_shape=[3, 3], pads=[1, 1, 1, 1], strides=[1, 1]),
        helper.make_node("Relu", ["conv1"], ["relu1"]),
        helper.make_node("MaxPool", ["relu1"], ["pool1"], kernel_shape=[2, 2], strides=[2, 2]),
        helper.make_node("Conv", ["pool1", "conv2_w", "conv2_b"], ["conv2"],
                         kernel_shape=[3, 3], pads=[1, 1, 1, 1], strides=[1, 1]),
        helper.make_node("Relu", ["conv2"], ["relu2"]),
        helper.make_node("GlobalAveragePool", ["relu2"], ["gap"]),
        helper.make_node("Flatten", ["gap"], ["flat"], axis=1),
        helper.make_node("Gemm", ["flat", "fc_w", "fc_b"], ["y"], transB=1),
    ]
    graph = helper.make_graph(
        nodes, "main",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, IN_C, HW, HW])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, CLASSES])],
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
                   ["ONNX conv net: input 1x3x64x64 (NCHW), Conv 3->16 3x3 + Relu, MaxPool 2x2,",
                    "Conv 16->32 3x3 + Relu, GlobalAveragePool, Flatten, Gemm 32->10; f32, opset 17.",
                    "iree-import-onnx, then iree-compile --compile-to=input (synchronous ABI),",
                    "util.func -> func.func."])


if __name__ == "__main__":
    main()
