// linalg.conv_2d_nchw_fchw
func.func @main(%a0: tensor<2x6x27x23xf32>, %a1: tensor<10x6x3x3xf32>) -> tensor<2x10x13x11xf32> {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<2x10x13x11xf32>
  %f0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<2x10x13x11xf32>) -> tensor<2x10x13x11xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%a0, %a1 : tensor<2x6x27x23xf32>, tensor<10x6x3x3xf32>) outs(%f0 : tensor<2x10x13x11xf32>) -> tensor<2x10x13x11xf32>
  return %r : tensor<2x10x13x11xf32>
}
