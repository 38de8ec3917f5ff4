// linalg.pooling_nwc_max_unsigned
func.func @main(%a0: tensor<1x32x24xi32>) -> tensor<1x30x24xi32> {
  %e0 = tensor.empty() : tensor<3xi32>
  %c1 = arith.constant 0 : i32
  %e1 = tensor.empty() : tensor<1x30x24xi32>
  %f1 = linalg.fill ins(%c1 : i32) outs(%e1 : tensor<1x30x24xi32>) -> tensor<1x30x24xi32>
  %r = linalg.pooling_nwc_max_unsigned {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%a0, %e0 : tensor<1x32x24xi32>, tensor<3xi32>) outs(%f1 : tensor<1x30x24xi32>) -> tensor<1x30x24xi32>
  return %r : tensor<1x30x24xi32>
}
