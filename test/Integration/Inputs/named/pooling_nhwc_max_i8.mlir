// linalg.pooling_nhwc_max
func.func @main(%a0: tensor<1x15x13x24xi8>) -> tensor<1x13x11x24xi8> {
  %e0 = tensor.empty() : tensor<3x3xi8>
  %c1 = arith.constant -128 : i8
  %e1 = tensor.empty() : tensor<1x13x11x24xi8>
  %f1 = linalg.fill ins(%c1 : i8) outs(%e1 : tensor<1x13x11x24xi8>) -> tensor<1x13x11x24xi8>
  %r = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%a0, %e0 : tensor<1x15x13x24xi8>, tensor<3x3xi8>) outs(%f1 : tensor<1x13x11x24xi8>) -> tensor<1x13x11x24xi8>
  return %r : tensor<1x13x11x24xi8>
}
