// A matmul with K = 0: the result is the init (1.5); the reduction is
// empty, so the tolerance is not widened by its length.
func.func @main(%a: tensor<6x0xf32>, %b: tensor<0x7xf32>) -> tensor<6x7xf32> {
  %z = arith.constant 1.5 : f32
  %e = tensor.empty() : tensor<6x7xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<6x7xf32>) -> tensor<6x7xf32>
  %r = linalg.matmul ins(%a, %b : tensor<6x0xf32>, tensor<0x7xf32>) outs(%f : tensor<6x7xf32>) -> tensor<6x7xf32>
  return %r : tensor<6x7xf32>
}
