// ONNX's test_Conv2d_depthwise_with_multiplier (onnx 1.23.2's stored model)
// through torch-mlir's ONNX importer (bench/onnx_node.py): a grouped
// convolution with two outputs per group.
module {
  func.func @"torch-jit-export"(%arg0: tensor<2x4x6x6xf32>) -> tensor<2x8x4x4xf32> {
    %cst = arith.constant dense<[-0.154977545, 0.157630578, 0.140019134, -0.0144426823, -0.0453458652, 0.134771898, 0.0792251229, 0.0380576104]> : tensor<8xf32>
    %cst_0 = arith.constant dense<[[[[[0.147755757, -0.0738277063, 0.158586398], [0.138856187, 0.0555351973, 0.150880232], [-0.106735349, -0.154980272, -0.147833914]]], [[[0.0485616922, 0.0962688476, 0.133757964], [-0.0879270285, -0.0843848437, 0.0618881434], [-0.0975488051, -0.12490996, -0.0213976949]]]], [[[[-0.0245087594, 6.2097609E-4, -0.0423703045], [0.120031312, -0.136319935, -0.11259874], [0.0790624619, 0.0580902696, 0.11750941]]], [[[-0.00911433994, -0.0115689486, 0.134110883], [0.0400730222, -0.0805414542, 0.113960072], [0.0492693633, -0.0873147845, -0.133882374]]]], [[[[0.141526148, 0.0464539081, -0.0954118222], [-0.00876404345, -0.0131966919, -0.103698991], [0.0430018753, -0.0963939279, -0.11065086]]], [[[-0.153687149, 0.0862015039, 0.136134222], [-0.130871832, -0.120340109, -0.102738366], [0.104705408, -0.0296050757, -0.0222879201]]]], [[[[-0.0271046162, 0.0597587228, -0.138904855], [-0.135691792, 0.0445600748, -0.157736659], [0.0092831254, -8.881080e-02, 0.113954559]]], [[[0.0877116472, 0.0512987375, -0.0560821146], [0.101753518, 0.061793074, -0.0251369625], [0.116489485, 0.156467453, 6.761050e-02]]]]]> : tensor<4x2x1x3x3xf32>
    %0 = tensor.empty() : tensor<2x8x4x4xf32>
    %broadcasted = linalg.broadcast ins(%cst : tensor<8xf32>) outs(%0 : tensor<2x8x4x4xf32>) dimensions = [0, 2, 3] 
    %expanded = tensor.expand_shape %arg0 [[0], [1, 2], [3], [4]] output_shape [2, 4, 1, 6, 6] : tensor<2x4x6x6xf32> into tensor<2x4x1x6x6xf32>
    %expanded_1 = tensor.expand_shape %broadcasted [[0], [1, 2], [3], [4]] output_shape [2, 4, 2, 4, 4] : tensor<2x8x4x4xf32> into tensor<2x4x2x4x4xf32>
    %1 = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%expanded, %cst_0 : tensor<2x4x1x6x6xf32>, tensor<4x2x1x3x3xf32>) outs(%expanded_1 : tensor<2x4x2x4x4xf32>) -> tensor<2x4x2x4x4xf32>
    %collapsed = tensor.collapse_shape %1 [[0], [1, 2], [3], [4]] : tensor<2x4x2x4x4xf32> into tensor<2x8x4x4xf32>
    return %collapsed : tensor<2x8x4x4xf32>
  }
}
