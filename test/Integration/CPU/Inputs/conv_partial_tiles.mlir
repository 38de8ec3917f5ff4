// Convolutions whose output width no register tile of 16 vector registers
// divides well (14 and 7 columns): a 3x3 conv with a fused bias and ReLU,
// a strided one, and a depthwise one (its config pinned to a partial tile).
#map_bias = affine_map<(n, h, w, c) -> (c)>
#map_id = affine_map<(n, h, w, c) -> (n, h, w, c)>
func.func @conv14_bias_relu(%in: tensor<1x16x16x64xf32>, %f: tensor<3x3x64x64xf32>, %bias: tensor<64xf32>) -> tensor<1x14x14x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x14x14x64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x14x14x64xf32>) -> tensor<1x14x14x64xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%in, %f : tensor<1x16x16x64xf32>, tensor<3x3x64x64xf32>) outs(%acc : tensor<1x14x14x64xf32>) -> tensor<1x14x14x64xf32>
  %r = linalg.generic {indexing_maps = [#map_id, #map_bias, #map_id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %bias : tensor<1x14x14x64xf32>, tensor<64xf32>) outs(%e : tensor<1x14x14x64xf32>) {
  ^bb0(%x: f32, %b: f32, %o: f32):
    %s = arith.addf %x, %b : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x14x14x64xf32>
  return %r : tensor<1x14x14x64xf32>
}

func.func @conv7_s2(%in: tensor<1x15x15x32xf32>, %f: tensor<3x3x32x64xf32>) -> tensor<1x7x7x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x7x7x64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x7x7x64xf32>) -> tensor<1x7x7x64xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%in, %f : tensor<1x15x15x32xf32>, tensor<3x3x32x64xf32>) outs(%acc : tensor<1x7x7x64xf32>) -> tensor<1x7x7x64xf32>
  return %c : tensor<1x7x7x64xf32>
}

func.func @depthwise14(%in: tensor<1x16x16x32xf32>, %f: tensor<3x3x32xf32>) -> tensor<1x14x14x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x14x14x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x14x14x32xf32>) -> tensor<1x14x14x32xf32>
  %c = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%in, %f : tensor<1x16x16x32xf32>, tensor<3x3x32xf32>) outs(%acc : tensor<1x14x14x32xf32>) -> tensor<1x14x14x32xf32>
  return %c : tensor<1x14x14x32xf32>
}
