// linalg.conv_3d_ndhwc_dhwcf
func.func @main(%a0: tensor<1x7x13x9x4xf32>, %a1: tensor<3x3x3x4x8xf32>) -> tensor<1x5x6x7x8xf32> {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<1x5x6x7x8xf32>
  %f0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<1x5x6x7x8xf32>) -> tensor<1x5x6x7x8xf32>
  %r = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<1> : tensor<3xi64>, strides = dense<[1, 2, 1]> : tensor<3xi64>} ins(%a0, %a1 : tensor<1x7x13x9x4xf32>, tensor<3x3x3x4x8xf32>) outs(%f0 : tensor<1x5x6x7x8xf32>) -> tensor<1x5x6x7x8xf32>
  return %r : tensor<1x5x6x7x8xf32>
}
