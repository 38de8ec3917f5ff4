// linalg.matmul
func.func @main(%a0: tensor<64x48xf16>, %a1: tensor<48x80xf16>) -> tensor<64x80xf32> {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<64x80xf32>
  %f0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<64x80xf32>) -> tensor<64x80xf32>
  %r = linalg.matmul ins(%a0, %a1 : tensor<64x48xf16>, tensor<48x80xf16>) outs(%f0 : tensor<64x80xf32>) -> tensor<64x80xf32>
  return %r : tensor<64x80xf32>
}
