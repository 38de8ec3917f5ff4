// An exclusive product scan along dimension 0, the accumulator its start.
func.func @main(%x: tensor<9x5xf32>) -> (tensor<9x5xf32>, tensor<5xf32>) {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<9x5xf32>
  %ea = tensor.empty() : tensor<5xf32>
  %a = linalg.fill ins(%one : f32) outs(%ea : tensor<5xf32>) -> tensor<5xf32>
  %r:2 = tm_tensor.scan dimension(0) inclusive(false) ins(%x : tensor<9x5xf32>) outs(%e, %a : tensor<9x5xf32>, tensor<5xf32>) {
  ^bb0(%acc: f32, %v: f32):
    %s = arith.mulf %acc, %v : f32
    tm_tensor.yield %s : f32
  } -> tensor<9x5xf32>, tensor<5xf32>
  return %r#0, %r#1 : tensor<9x5xf32>, tensor<5xf32>
}
