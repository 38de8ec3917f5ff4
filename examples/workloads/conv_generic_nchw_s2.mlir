// A Halide-style convolution in NCHW/FCHW layout with stride 2, as a linalg.generic.
#in = affine_map<(n, f, y, x, c, ky, kx) -> (n, c, y * 2 + ky, x * 2 + kx)>
#w = affine_map<(n, f, y, x, c, ky, kx) -> (f, c, ky, kx)>
#out = affine_map<(n, f, y, x, c, ky, kx) -> (n, f, y, x)>
func.func @conv_generic_nchw_s2(%i: tensor<1x32x57x57xf32>, %w: tensor<64x32x3x3xf32>) -> tensor<1x64x28x28xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x64x28x28xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x64x28x28xf32>) -> tensor<1x64x28x28xf32>
  %r = linalg.generic {indexing_maps = [#in, #w, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
       ins(%i, %w : tensor<1x32x57x57xf32>, tensor<64x32x3x3xf32>) outs(%f : tensor<1x64x28x28xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x64x28x28xf32>
  return %r : tensor<1x64x28x28xf32>
}
