// math.trunc on f32
func.func @main(%a0: tensor<33x17xf32>) -> tensor<33x17xf32> {
  %e0 = tensor.empty() : tensor<33x17xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a0 : tensor<33x17xf32>) outs(%e0 : tensor<33x17xf32>) {
  ^bb0(%x0: f32, %o: f32):
    %y = math.trunc %x0 : f32
    linalg.yield %y : f32
  } -> tensor<33x17xf32>
  return %r : tensor<33x17xf32>
}
