// The reference of reference-inputs.mlir: the same gather, its positions
// first multiplied by one in an op of their own, which the index-bounds
// analysis does not follow (it follows casts, selects and additions).
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @gather(%table: tensor<3x64xf32>, %positions: tensor<8x64xi64>) -> tensor<8x64xf32> {
  %c1_i64 = arith.constant 1 : i64
  %0 = tensor.empty() : tensor<8x64xi64>
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%positions : tensor<8x64xi64>) outs(%0 : tensor<8x64xi64>) {
  ^bb0(%in: i64, %out: i64):
    %m = arith.muli %in, %c1_i64 : i64
    linalg.yield %m : i64
  } -> tensor<8x64xi64>
  %2 = tensor.empty() : tensor<8x64xf32>
  %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<8x64xi64>) outs(%2 : tensor<8x64xf32>) {
  ^bb0(%in: i64, %out: f32):
    %row = arith.index_cast %in : i64 to index
    %col = linalg.index 1 : index
    %v = tensor.extract %table[%row, %col] : tensor<3x64xf32>
    linalg.yield %v : f32
  } -> tensor<8x64xf32>
  return %3 : tensor<8x64xf32>
}
