// linalg.pooling_ndhwc_max
func.func @main(%a0: tensor<1x10x12x14x8xf32>) -> tensor<1x5x6x7x8xf32> {
  %e0 = tensor.empty() : tensor<2x2x2xf32>
  %c1 = arith.constant 0xFF800000 : f32
  %e1 = tensor.empty() : tensor<1x5x6x7x8xf32>
  %f1 = linalg.fill ins(%c1 : f32) outs(%e1 : tensor<1x5x6x7x8xf32>) -> tensor<1x5x6x7x8xf32>
  %r = linalg.pooling_ndhwc_max {dilations = dense<1> : tensor<3xi64>, strides = dense<2> : tensor<3xi64>} ins(%a0, %e0 : tensor<1x10x12x14x8xf32>, tensor<2x2x2xf32>) outs(%f1 : tensor<1x5x6x7x8xf32>) -> tensor<1x5x6x7x8xf32>
  return %r : tensor<1x5x6x7x8xf32>
}
