// math.powf on f16
func.func @main(%a0: tensor<33x17xf16>, %a1: tensor<33x17xf16>) -> tensor<33x17xf16> {
  %e0 = tensor.empty() : tensor<33x17xf16>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a0, %a1 : tensor<33x17xf16>, tensor<33x17xf16>) outs(%e0 : tensor<33x17xf16>) {
  ^bb0(%x0: f16, %x1: f16, %o: f16):
    %a = math.absf %x0 : f16
    %y = math.powf %a, %x1 : f16
    linalg.yield %y : f16
  } -> tensor<33x17xf16>
  return %r : tensor<33x17xf16>
}
