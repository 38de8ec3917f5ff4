#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0) -> ()>
module {
  func.func @main(%arg0: tensor<3x4xi64>) -> tensor<i64> {
    %c0_i64 = arith.constant 0 : i64
    %c9223372036854775807_i64 = arith.constant 9223372036854775807 : i64
    %collapsed = tensor.collapse_shape %arg0 [[0, 1]] : tensor<3x4xi64> into tensor<12xi64>
    %0 = tensor.empty() : tensor<i64>
    %1 = linalg.fill ins(%c0_i64 : i64) outs(%0 : tensor<i64>) -> tensor<i64>
    %2 = linalg.fill ins(%c9223372036854775807_i64 : i64) outs(%0 : tensor<i64>) -> tensor<i64>
    %3:2 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["reduction"]} ins(%collapsed : tensor<12xi64>) outs(%2, %1 : tensor<i64>, tensor<i64>) {
    ^bb0(%in: i64, %out: i64, %out_0: i64):
      %4 = linalg.index 0 : index
      %5 = arith.index_cast %4 : index to i64
      %6 = arith.minsi %in, %out : i64
      %7 = arith.cmpi slt, %in, %out : i64
      %8 = arith.select %7, %5, %out_0 : i64
      linalg.yield %6, %8 : i64, i64
    } -> (tensor<i64>, tensor<i64>)
    return %3#1 : tensor<i64>
  }
}
