// linalg.conv_1d_ncw_fcw
func.func @main(%a0: tensor<2x6x34xf32>, %a1: tensor<10x6x3xf32>) -> tensor<2x10x30xf32> {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<2x10x30xf32>
  %f0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<2x10x30xf32>) -> tensor<2x10x30xf32>
  %r = linalg.conv_1d_ncw_fcw {dilations = dense<2> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%a0, %a1 : tensor<2x6x34xf32>, tensor<10x6x3xf32>) outs(%f0 : tensor<2x10x30xf32>) -> tensor<2x10x30xf32>
  return %r : tensor<2x10x30xf32>
}
