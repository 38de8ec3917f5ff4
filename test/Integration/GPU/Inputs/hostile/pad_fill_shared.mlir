// An odd f32 matmul whose padded A and padded C share one zero fill (CSE):
// the fill, also read by the insertion of A, is a task of its own.
func.func @f(%a: tensor<127x128xf32>, %b: tensor<128x128xf32>) -> tensor<127x128xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<127x128xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<127x128xf32>) -> tensor<127x128xf32>
  %r = linalg.matmul ins(%a, %b : tensor<127x128xf32>, tensor<128x128xf32>) outs(%f : tensor<127x128xf32>) -> tensor<127x128xf32>
  return %r : tensor<127x128xf32>
}
