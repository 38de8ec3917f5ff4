// linalg.pooling_ncw_sum
func.func @main(%a0: tensor<2x24x32xf32>) -> tensor<2x24x30xf32> {
  %e0 = tensor.empty() : tensor<3xf32>
  %c1 = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<2x24x30xf32>
  %f1 = linalg.fill ins(%c1 : f32) outs(%e1 : tensor<2x24x30xf32>) -> tensor<2x24x30xf32>
  %r = linalg.pooling_ncw_sum {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%a0, %e0 : tensor<2x24x32xf32>, tensor<3xf32>) outs(%f1 : tensor<2x24x30xf32>) -> tensor<2x24x30xf32>
  return %r : tensor<2x24x30xf32>
}
