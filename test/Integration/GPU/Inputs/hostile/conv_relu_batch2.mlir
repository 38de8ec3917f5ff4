// A convolution with a fused ReLU at batch 2 (the ONNX importer's form of a
// small CNN): the ReLU's init and the convolution's fill share the block's
// slice of one tensor.empty, so bufferization copies the tile inside the
// kernel, and NVVM turns the copy's buffer into a device malloc.
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @main(%in: tensor<2x34x34x3xf32>, %w: tensor<3x3x3x16xf32>) -> tensor<2x32x32x16xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %4 = tensor.empty() : tensor<2x32x32x16xf32>
  %5 = linalg.fill ins(%cst : f32) outs(%4 : tensor<2x32x32x16xf32>) -> tensor<2x32x32x16xf32>
  %6 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%in, %w : tensor<2x34x34x3xf32>, tensor<3x3x3x16xf32>) outs(%5 : tensor<2x32x32x16xf32>) -> tensor<2x32x32x16xf32>
  %8 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6 : tensor<2x32x32x16xf32>) outs(%4 : tensor<2x32x32x16xf32>) {
  ^bb0(%i: f32, %o: f32):
    %13 = arith.cmpf ugt, %i, %cst : f32
    %14 = arith.select %13, %i, %cst : f32
    linalg.yield %14 : f32
  } -> tensor<2x32x32x16xf32>
  return %8 : tensor<2x32x32x16xf32>
}
