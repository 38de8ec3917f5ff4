// arith.index_cast through index
func.func @main(%a0: tensor<33x17xi64>) -> tensor<33x17xi32> {
  %e0 = tensor.empty() : tensor<33x17xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a0 : tensor<33x17xi64>) outs(%e0 : tensor<33x17xi32>) {
  ^bb0(%x0: i64, %o: i32):
    %i = arith.index_cast %x0 : i64 to index
    %j = linalg.index 1 : index
    %k = arith.addi %i, %j : index
    %y = arith.index_cast %k : index to i32
    linalg.yield %y : i32
  } -> tensor<33x17xi32>
  return %r : tensor<33x17xi32>
}
