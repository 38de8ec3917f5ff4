// arith.minui on i32
func.func @main(%a0: tensor<33x17xi32>, %a1: tensor<33x17xi32>) -> tensor<33x17xi32> {
  %e0 = tensor.empty() : tensor<33x17xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a0, %a1 : tensor<33x17xi32>, tensor<33x17xi32>) outs(%e0 : tensor<33x17xi32>) {
  ^bb0(%x0: i32, %x1: i32, %o: i32):
    %y = arith.minui %x0, %x1 : i32
    linalg.yield %y : i32
  } -> tensor<33x17xi32>
  return %r : tensor<33x17xi32>
}
