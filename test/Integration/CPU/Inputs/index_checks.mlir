// torch-mlir's index checks: an op of asserts only (no results) over the
// token ids, and an embedding lookup whose body asserts its index is in
// bounds before extracting (tuner-run draws i64 inputs in [0, 8]).
#id = affine_map<(i) -> (i)>
func.func @index_checks(%ids: tensor<16xi64>, %table: tensor<100x32xf32>) -> tensor<16x32xf32> {
  %c100 = arith.constant 100 : index
  %c0 = arith.constant 0 : i64
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} ins(%ids : tensor<16xi64>) {
  ^bb0(%in: i64):
    %i = arith.index_cast %in : i64 to index
    %lt = arith.cmpi slt, %i, %c100 : index
    cf.assert %lt, "index must be smaller than dim size"
    %ge = arith.cmpi sge, %in, %c0 : i64
    cf.assert %ge, "index must be larger or equal to 0"
    linalg.yield
  }
  %e = tensor.empty() : tensor<16x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<16xi64>) outs(%e : tensor<16x32xf32>) {
  ^bb0(%in: i64, %o: f32):
    %i = arith.index_cast %in : i64 to index
    %j = linalg.index 1 : index
    %lt = arith.cmpi slt, %i, %c100 : index
    cf.assert %lt, "index must be smaller than dim size"
    %v = tensor.extract %table[%i, %j] : tensor<100x32xf32>
    linalg.yield %v : f32
  } -> tensor<16x32xf32>
  return %r : tensor<16x32xf32>
}
