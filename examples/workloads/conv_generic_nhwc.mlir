// A Halide-style convolution as a linalg.generic: 4 parallel + 3 reduction loops, NHWC/HWCF.
#in = affine_map<(n, y, x, f, ky, kx, c) -> (n, y + ky, x + kx, c)>
#w = affine_map<(n, y, x, f, ky, kx, c) -> (ky, kx, c, f)>
#out = affine_map<(n, y, x, f, ky, kx, c) -> (n, y, x, f)>
func.func @conv_generic_nhwc(%i: tensor<1x58x58x64xf32>, %w: tensor<3x3x64x64xf32>) -> tensor<1x56x56x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x56x56x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x56x56x64xf32>) -> tensor<1x56x56x64xf32>
  %r = linalg.generic {indexing_maps = [#in, #w, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
       ins(%i, %w : tensor<1x58x58x64xf32>, tensor<3x3x64x64xf32>) outs(%f : tensor<1x56x56x64xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x56x56x64xf32>
  return %r : tensor<1x56x56x64xf32>
}
