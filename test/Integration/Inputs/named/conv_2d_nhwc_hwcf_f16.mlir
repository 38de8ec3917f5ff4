// linalg.conv_2d_nhwc_hwcf
func.func @main(%a0: tensor<1x15x13x16xf16>, %a1: tensor<3x3x16x16xf16>) -> tensor<1x13x11x16xf32> {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<1x13x11x16xf32>
  %f0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<1x13x11x16xf32>) -> tensor<1x13x11x16xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%a0, %a1 : tensor<1x15x13x16xf16>, tensor<3x3x16x16xf16>) outs(%f0 : tensor<1x13x11x16xf32>) -> tensor<1x13x11x16xf32>
  return %r : tensor<1x13x11x16xf32>
}
