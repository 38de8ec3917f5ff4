// math.isinf on f16
func.func @main(%a0: tensor<33x17xf16>) -> tensor<33x17xi1> {
  %e0 = tensor.empty() : tensor<33x17xi1>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a0 : tensor<33x17xf16>) outs(%e0 : tensor<33x17xi1>) {
  ^bb0(%x0: f16, %o: i1):
    %y = math.isinf %x0 : f16
    linalg.yield %y : i1
  } -> tensor<33x17xi1>
  return %r : tensor<33x17xi1>
}
