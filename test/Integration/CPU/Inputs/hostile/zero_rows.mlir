// An empty matmul (M = 0): no kernel, no work, an empty result.
func.func @main(%a: tensor<0x5xf32>, %b: tensor<5x7xf32>) -> tensor<0x7xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<0x7xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<0x7xf32>) -> tensor<0x7xf32>
  %r = linalg.matmul ins(%a, %b : tensor<0x5xf32>, tensor<5x7xf32>) outs(%f : tensor<0x7xf32>) -> tensor<0x7xf32>
  return %r : tensor<0x7xf32>
}
