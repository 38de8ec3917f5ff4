// linalg.depthwise_conv_3d_ndhwc_dhwcm
func.func @main(%a0: tensor<1x7x8x9x8xf32>, %a1: tensor<3x3x3x8x2xf32>) -> tensor<1x5x6x7x8x2xf32> {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<1x5x6x7x8x2xf32>
  %f0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<1x5x6x7x8x2xf32>) -> tensor<1x5x6x7x8x2xf32>
  %r = linalg.depthwise_conv_3d_ndhwc_dhwcm {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>} ins(%a0, %a1 : tensor<1x7x8x9x8xf32>, tensor<3x3x3x8x2xf32>) outs(%f0 : tensor<1x5x6x7x8x2xf32>) -> tensor<1x5x6x7x8x2xf32>
  return %r : tensor<1x5x6x7x8x2xf32>
}
