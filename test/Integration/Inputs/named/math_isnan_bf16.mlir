// math.isnan on bf16
func.func @main(%a0: tensor<33x17xbf16>) -> tensor<33x17xi1> {
  %e0 = tensor.empty() : tensor<33x17xi1>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a0 : tensor<33x17xbf16>) outs(%e0 : tensor<33x17xi1>) {
  ^bb0(%x0: bf16, %o: i1):
    %y = math.isnan %x0 : bf16
    linalg.yield %y : i1
  } -> tensor<33x17xi1>
  return %r : tensor<33x17xi1>
}
