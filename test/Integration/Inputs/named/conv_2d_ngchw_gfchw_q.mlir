// linalg.conv_2d_ngchw_gfchw_q (zero points 3 and -2)
func.func @main(%a0: tensor<1x2x3x15x13xi8>, %a1: tensor<2x5x3x3x3xi8>) -> tensor<1x2x5x13x11xi32> {
  %c0 = arith.constant 0 : i32
  %e0 = tensor.empty() : tensor<1x2x5x13x11xi32>
  %f0 = linalg.fill ins(%c0 : i32) outs(%e0 : tensor<1x2x5x13x11xi32>) -> tensor<1x2x5x13x11xi32>
  %za = arith.constant 3 : i32
  %zb = arith.constant -2 : i32
  %r = linalg.conv_2d_ngchw_gfchw_q {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%a0, %a1, %za, %zb : tensor<1x2x3x15x13xi8>, tensor<2x5x3x3x3xi8>, i32, i32) outs(%f0 : tensor<1x2x5x13x11xi32>) -> tensor<1x2x5x13x11xi32>
  return %r : tensor<1x2x5x13x11xi32>
}
