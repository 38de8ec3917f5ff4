// torch.topk(x, 5, dim=1): the five largest and their positions.
func.func @main(%x: tensor<4x50xf32>) -> (tensor<4x5xf32>, tensor<4x5xi64>) {
  %ninf = arith.constant 0xFF800000 : f32
  %ev = tensor.empty() : tensor<4x5xf32>
  %v = linalg.fill ins(%ninf : f32) outs(%ev : tensor<4x5xf32>) -> tensor<4x5xf32>
  %ei = tensor.empty() : tensor<4x5xi64>
  %r:2 = tm_tensor.topk dimension(1) ins(%x : tensor<4x50xf32>) outs(%v, %ei : tensor<4x5xf32>, tensor<4x5xi64>) {
  ^bb0(%a: f32, %b: f32):
    %gt = arith.cmpf ogt, %a, %b : f32
    tm_tensor.yield %gt : i1
  } -> tensor<4x5xf32>, tensor<4x5xi64>
  return %r#0, %r#1 : tensor<4x5xf32>, tensor<4x5xi64>
}
