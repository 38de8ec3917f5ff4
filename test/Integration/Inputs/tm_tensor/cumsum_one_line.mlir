// torch.cumsum(x, dim=1) of one sequence (position ids from a mask of batch
// 1): a single line, whose loop of one iteration canonicalization folds; an
// inclusive scan with a
// zero accumulator.
func.func @main(%x: tensor<1x37xf32>) -> tensor<1x37xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x37xf32>
  %o = linalg.fill ins(%z : f32) outs(%e : tensor<1x37xf32>) -> tensor<1x37xf32>
  %ea = tensor.empty() : tensor<1xf32>
  %a = linalg.fill ins(%z : f32) outs(%ea : tensor<1xf32>) -> tensor<1xf32>
  %r:2 = tm_tensor.scan dimension(1) inclusive(true) ins(%x : tensor<1x37xf32>) outs(%o, %a : tensor<1x37xf32>, tensor<1xf32>) {
  ^bb0(%acc: f32, %v: f32):
    %s = arith.addf %acc, %v : f32
    tm_tensor.yield %s : f32
  } -> tensor<1x37xf32>, tensor<1xf32>
  return %r#0 : tensor<1x37xf32>
}
