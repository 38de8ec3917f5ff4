// math.ipowi on i8
func.func @main(%a0: tensor<33x17xi8>, %a1: tensor<33x17xi8>) -> tensor<33x17xi8> {
  %e0 = tensor.empty() : tensor<33x17xi8>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a0, %a1 : tensor<33x17xi8>, tensor<33x17xi8>) outs(%e0 : tensor<33x17xi8>) {
  ^bb0(%x0: i8, %x1: i8, %o: i8):
    %y = math.ipowi %x0, %x1 : i8
    linalg.yield %y : i8
  } -> tensor<33x17xi8>
  return %r : tensor<33x17xi8>
}
