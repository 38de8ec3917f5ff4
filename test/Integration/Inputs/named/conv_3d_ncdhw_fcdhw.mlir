// linalg.conv_3d_ncdhw_fcdhw
func.func @main(%a0: tensor<1x4x7x8x9xf32>, %a1: tensor<8x4x3x3x3xf32>) -> tensor<1x8x5x6x7xf32> {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<1x8x5x6x7xf32>
  %f0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<1x8x5x6x7xf32>) -> tensor<1x8x5x6x7xf32>
  %r = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>} ins(%a0, %a1 : tensor<1x4x7x8x9xf32>, tensor<8x4x3x3x3xf32>) outs(%f0 : tensor<1x8x5x6x7xf32>) -> tensor<1x8x5x6x7xf32>
  return %r : tensor<1x8x5x6x7xf32>
}
