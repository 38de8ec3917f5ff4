// linalg.depthwise_conv_2d_nhwc_hwcm
func.func @main(%a0: tensor<1x15x13x24xf32>, %a1: tensor<3x3x24x2xf32>) -> tensor<1x13x11x24x2xf32> {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<1x13x11x24x2xf32>
  %f0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<1x13x11x24x2xf32>) -> tensor<1x13x11x24x2xf32>
  %r = linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%a0, %a1 : tensor<1x15x13x24xf32>, tensor<3x3x24x2xf32>) outs(%f0 : tensor<1x13x11x24x2xf32>) -> tensor<1x13x11x24x2xf32>
  return %r : tensor<1x13x11x24x2xf32>
}
