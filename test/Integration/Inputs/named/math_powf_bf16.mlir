// math.powf on bf16
func.func @main(%a0: tensor<33x17xbf16>, %a1: tensor<33x17xbf16>) -> tensor<33x17xbf16> {
  %e0 = tensor.empty() : tensor<33x17xbf16>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a0, %a1 : tensor<33x17xbf16>, tensor<33x17xbf16>) outs(%e0 : tensor<33x17xbf16>) {
  ^bb0(%x0: bf16, %x1: bf16, %o: bf16):
    %a = math.absf %x0 : bf16
    %y = math.powf %a, %x1 : bf16
    linalg.yield %y : bf16
  } -> tensor<33x17xbf16>
  return %r : tensor<33x17xbf16>
}
