// A gather whose positions are expanded to a trailing unit dimension first
// (JAX's form through IREE's StableHLO import).
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
func.func @gather(%table: tensor<3x64xf32>, %positions: tensor<8x64xi64>) -> tensor<8x64x1xf32> {
  %expanded = tensor.expand_shape %positions [[0], [1, 2]] output_shape [8, 64, 1] : tensor<8x64xi64> into tensor<8x64x1xi64>
  %0 = tensor.empty() : tensor<8x64x1xf32>
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<8x64x1xi64>) outs(%0 : tensor<8x64x1xf32>) {
  ^bb0(%in: i64, %out: f32):
    %row = arith.index_cast %in : i64 to index
    %col = linalg.index 1 : index
    %v = tensor.extract %table[%row, %col] : tensor<3x64xf32>
    linalg.yield %v : f32
  } -> tensor<8x64x1xf32>
  return %1 : tensor<8x64x1xf32>
}
