// linalg.pooling_nchw_max
func.func @main(%a0: tensor<2x24x17x15xf32>) -> tensor<2x24x13x11xf32> {
  %e0 = tensor.empty() : tensor<3x3xf32>
  %c1 = arith.constant 0xFF800000 : f32
  %e1 = tensor.empty() : tensor<2x24x13x11xf32>
  %f1 = linalg.fill ins(%c1 : f32) outs(%e1 : tensor<2x24x13x11xf32>) -> tensor<2x24x13x11xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%a0, %e0 : tensor<2x24x17x15xf32>, tensor<3x3xf32>) outs(%f1 : tensor<2x24x13x11xf32>) -> tensor<2x24x13x11xf32>
  return %r : tensor<2x24x13x11xf32>
}
