// ResNet-50's 3x3 convolution of its first stage in bf16 (56 x 56 x 64 ->
// 64, stride 1; the input already padded), channels last, accumulating in
// f32 as torch-mlir exports bf16 convolutions. For a CUDA target the
// preparation rewrites it as a matmul of its input windows (3136 x 576 by
// 576 x 64: tuner-im2col-convolutions), which gpu.contraction_mma takes.
func.func @resnet_conv3x3_bf16(%x: tensor<1x58x58x64xbf16>, %w: tensor<3x3x64x64xbf16>) -> tensor<1x56x56x64xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<1x56x56x64xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<1x56x56x64xf32>) -> tensor<1x56x56x64xf32>
  %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x58x58x64xbf16>, tensor<3x3x64x64xbf16>) outs(%fill : tensor<1x56x56x64xf32>) -> tensor<1x56x56x64xf32>
  return %conv : tensor<1x56x56x64xf32>
}
