// math.ipowi on i64
func.func @main(%a0: tensor<33x17xi64>, %a1: tensor<33x17xi64>) -> tensor<33x17xi64> {
  %e0 = tensor.empty() : tensor<33x17xi64>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a0, %a1 : tensor<33x17xi64>, tensor<33x17xi64>) outs(%e0 : tensor<33x17xi64>) {
  ^bb0(%x0: i64, %x1: i64, %o: i64):
    %y = math.ipowi %x0, %x1 : i64
    linalg.yield %y : i64
  } -> tensor<33x17xi64>
  return %r : tensor<33x17xi64>
}
