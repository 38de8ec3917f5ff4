// Scalar updates at 2-D positions (a scatter of elements, replacing).
func.func @main(%x: tensor<7x8xf32>, %v: tensor<4xf32>) -> tensor<7x8xf32> {
  %idx = arith.constant dense<[[0, 1], [6, 7], [3, 3], [2, 5]]> : tensor<4x2xi32>
  %r = tm_tensor.scatter {dimension_map = array<i64: 0, 1>} unique_indices(true) ins(%v, %idx : tensor<4xf32>, tensor<4x2xi32>) outs(%x : tensor<7x8xf32>) {
  ^bb0(%upd: f32, %orig: f32):
    tm_tensor.yield %upd : f32
  } -> tensor<7x8xf32>
  return %r : tensor<7x8xf32>
}
