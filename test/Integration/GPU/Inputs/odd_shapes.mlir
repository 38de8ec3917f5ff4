// Shapes no power-of-two tile divides, skinny ones and odd batches and
// convolutions: each op must get a GPU schedule that lowers to PTX and
// passes ptxas (odd-shapes-ptxas.test).
func.func @mm_257x383x509(%a: tensor<257x509xf32>, %b: tensor<509x383xf32>) -> tensor<257x383xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<257x383xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<257x383xf32>) -> tensor<257x383xf32>
  %r = linalg.matmul ins(%a, %b : tensor<257x509xf32>, tensor<509x383xf32>) outs(%f : tensor<257x383xf32>) -> tensor<257x383xf32>
  return %r : tensor<257x383xf32>
}
func.func @mm_1x1000x2048(%a: tensor<1x2048xf32>, %b: tensor<2048x1000xf32>) -> tensor<1x1000xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1000xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x1000xf32>) -> tensor<1x1000xf32>
  %r = linalg.matmul ins(%a, %b : tensor<1x2048xf32>, tensor<2048x1000xf32>) outs(%f : tensor<1x1000xf32>) -> tensor<1x1000xf32>
  return %r : tensor<1x1000xf32>
}
func.func @mm_769x1x300(%a: tensor<769x300xf32>, %b: tensor<300x1xf32>) -> tensor<769x1xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<769x1xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<769x1xf32>) -> tensor<769x1xf32>
  %r = linalg.matmul ins(%a, %b : tensor<769x300xf32>, tensor<300x1xf32>) outs(%f : tensor<769x1xf32>) -> tensor<769x1xf32>
  return %r : tensor<769x1xf32>
}
func.func @bmm_3x17x383x509(%a: tensor<3x17x509xf32>, %b: tensor<3x509x383xf32>) -> tensor<3x17x383xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x17x383xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x17x383xf32>) -> tensor<3x17x383xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<3x17x509xf32>, tensor<3x509x383xf32>) outs(%f : tensor<3x17x383xf32>) -> tensor<3x17x383xf32>
  return %r : tensor<3x17x383xf32>
}
func.func @conv_13x13x5x37(%x: tensor<1x15x15x5xf32>, %w: tensor<3x3x5x37xf32>) -> tensor<1x13x13x37xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x13x13x37xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x13x13x37xf32>) -> tensor<1x13x13x37xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x15x15x5xf32>, tensor<3x3x5x37xf32>) outs(%f : tensor<1x13x13x37xf32>) -> tensor<1x13x13x37xf32>
  return %r : tensor<1x13x13x37xf32>
}
func.func @dwconv_3x7x7x19_s2(%x: tensor<3x15x15x19xf32>, %w: tensor<3x3x19xf32>) -> tensor<3x7x7x19xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x7x7x19xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x7x7x19xf32>) -> tensor<3x7x7x19xf32>
  %r = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %w : tensor<3x15x15x19xf32>, tensor<3x3x19xf32>) outs(%f : tensor<3x7x7x19xf32>) -> tensor<3x7x7x19xf32>
  return %r : tensor<3x7x7x19xf32>
}
