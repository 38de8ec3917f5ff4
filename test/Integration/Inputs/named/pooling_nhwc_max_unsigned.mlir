// linalg.pooling_nhwc_max_unsigned
func.func @main(%a0: tensor<1x15x13x24xi32>) -> tensor<1x13x11x24xi32> {
  %e0 = tensor.empty() : tensor<3x3xi32>
  %c1 = arith.constant 0 : i32
  %e1 = tensor.empty() : tensor<1x13x11x24xi32>
  %f1 = linalg.fill ins(%c1 : i32) outs(%e1 : tensor<1x13x11x24xi32>) -> tensor<1x13x11x24xi32>
  %r = linalg.pooling_nhwc_max_unsigned {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%a0, %e0 : tensor<1x15x13x24xi32>, tensor<3x3xi32>) outs(%f1 : tensor<1x13x11x24xi32>) -> tensor<1x13x11x24xi32>
  return %r : tensor<1x13x11x24xi32>
}
