// x.index_put_((idx,), v, accumulate=True) as torch-mlir writes it: rows of
// the original updated at indices (repeated ones accumulate).
func.func @main(%x: tensor<10x6xf32>, %v: tensor<5x6xf32>) -> tensor<10x6xf32> {
  %idx = arith.constant dense<[[3], [7], [3], [0], [9]]> : tensor<5x1xi32>
  %r = tm_tensor.scatter {dimension_map = array<i64: 0>} unique_indices(false) ins(%v, %idx : tensor<5x6xf32>, tensor<5x1xi32>) outs(%x : tensor<10x6xf32>) {
  ^bb0(%upd: f32, %orig: f32):
    %s = arith.addf %orig, %upd : f32
    tm_tensor.yield %s : f32
  } -> tensor<10x6xf32>
  return %r : tensor<10x6xf32>
}
