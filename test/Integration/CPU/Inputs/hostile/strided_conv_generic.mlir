// A stride-2 3x3 window sum written as a generic (2*i + k) with a weight.
func.func @main(%x: tensor<1x33x33x8xf32>, %w: tensor<3x3xf32>) -> tensor<1x16x16x8xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x16x8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x16x16x8xf32>) -> tensor<1x16x16x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n,h,w,c,kh,kw)->(n,2*h+kh,2*w+kw,c)>, affine_map<(n,h,w,c,kh,kw)->(kh,kw)>, affine_map<(n,h,w,c,kh,kw)->(n,h,w,c)>], iterator_types = ["parallel","parallel","parallel","parallel","reduction","reduction"]} ins(%x, %w : tensor<1x33x33x8xf32>, tensor<3x3xf32>) outs(%f : tensor<1x16x16x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x16x16x8xf32>
  return %r : tensor<1x16x16x8xf32>
}
