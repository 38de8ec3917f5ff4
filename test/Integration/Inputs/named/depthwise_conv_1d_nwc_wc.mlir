// linalg.depthwise_conv_1d_nwc_wc
func.func @main(%a0: tensor<2x61x24xf32>, %a1: tensor<3x24xf32>) -> tensor<2x30x24xf32> {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<2x30x24xf32>
  %f0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<2x30x24xf32>) -> tensor<2x30x24xf32>
  %r = linalg.depthwise_conv_1d_nwc_wc {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%a0, %a1 : tensor<2x61x24xf32>, tensor<3x24xf32>) outs(%f0 : tensor<2x30x24xf32>) -> tensor<2x30x24xf32>
  return %r : tensor<2x30x24xf32>
}
