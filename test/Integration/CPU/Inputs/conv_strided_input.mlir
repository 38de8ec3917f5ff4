// A 2-D convolution over every third depth slice of a 3-D input (as a 3-D
// convolution with a filter of depth 1 and depth stride 3 becomes one): its
// input is an extract_slice with strides [1, 3, 1, 1, 1].
func.func @conv_strided_input(%A: tensor<1x12x16x16x32xf32>, %F: tensor<3x3x32x64xf32>) -> tensor<4x14x14x64xf32> {
  %zero = arith.constant 0.0 : f32
  %I = tensor.extract_slice %A[0, 0, 0, 0, 0] [1, 4, 16, 16, 32] [1, 3, 1, 1, 1] : tensor<1x12x16x16x32xf32> to tensor<4x16x16x32xf32>
  %init = tensor.empty() : tensor<4x14x14x64xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<4x14x14x64xf32>) -> tensor<4x14x14x64xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%I, %F : tensor<4x16x16x32xf32>, tensor<3x3x32x64xf32>) outs(%fill : tensor<4x14x14x64xf32>) -> tensor<4x14x14x64xf32>
  return %r : tensor<4x14x14x64xf32>
}
