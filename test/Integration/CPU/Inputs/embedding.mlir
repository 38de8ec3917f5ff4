// An embedding lookup: token ids (i64 inputs, which tuner-run draws in
// [0, 8]) index a table with tensor.extract.
func.func @embed(%table: tensor<1000x64xf32>, %ids: tensor<8xi64>) -> tensor<8x64xf32> {
  %e = tensor.empty() : tensor<8x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<8xi64>) outs(%e : tensor<8x64xf32>) {
  ^bb0(%id: i64, %o: f32):
    %idx = arith.index_cast %id : i64 to index
    %j = linalg.index 1 : index
    %v = tensor.extract %table[%idx, %j] : tensor<1000x64xf32>
    linalg.yield %v : f32
  } -> tensor<8x64xf32>
  return %r : tensor<8x64xf32>
}
