// torch.cumsum(x, dim=1) as torch-mlir writes it: an inclusive scan with a
// zero accumulator.
func.func @main(%x: tensor<4x37xf32>) -> tensor<4x37xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x37xf32>
  %o = linalg.fill ins(%z : f32) outs(%e : tensor<4x37xf32>) -> tensor<4x37xf32>
  %ea = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%z : f32) outs(%ea : tensor<4xf32>) -> tensor<4xf32>
  %r:2 = tm_tensor.scan dimension(1) inclusive(true) ins(%x : tensor<4x37xf32>) outs(%o, %a : tensor<4x37xf32>, tensor<4xf32>) {
  ^bb0(%acc: f32, %v: f32):
    %s = arith.addf %acc, %v : f32
    tm_tensor.yield %s : f32
  } -> tensor<4x37xf32>, tensor<4xf32>
  return %r#0 : tensor<4x37xf32>
}
