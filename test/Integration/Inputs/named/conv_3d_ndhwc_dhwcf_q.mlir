// linalg.conv_3d_ndhwc_dhwcf_q (zero points 3 and -2)
func.func @main(%a0: tensor<1x7x8x9x4xi8>, %a1: tensor<3x3x3x4x8xi8>) -> tensor<1x5x6x7x8xi32> {
  %c0 = arith.constant 0 : i32
  %e0 = tensor.empty() : tensor<1x5x6x7x8xi32>
  %f0 = linalg.fill ins(%c0 : i32) outs(%e0 : tensor<1x5x6x7x8xi32>) -> tensor<1x5x6x7x8xi32>
  %za = arith.constant 3 : i32
  %zb = arith.constant -2 : i32
  %r = linalg.conv_3d_ndhwc_dhwcf_q {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>} ins(%a0, %a1, %za, %zb : tensor<1x7x8x9x4xi8>, tensor<3x3x3x4x8xi8>, i32, i32) outs(%f0 : tensor<1x5x6x7x8xi32>) -> tensor<1x5x6x7x8xi32>
  return %r : tensor<1x5x6x7x8xi32>
}
