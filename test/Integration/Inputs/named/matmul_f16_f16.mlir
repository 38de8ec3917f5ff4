// linalg.matmul accumulating in f16 over a long K (tensor cores accumulate in f16, the CPU widens to f32: checked with f16's tolerance)
func.func @main(%a0: tensor<64x768xf16>, %a1: tensor<768x80xf16>) -> tensor<64x80xf16> {
  %c0 = arith.constant 0.0 : f16
  %e0 = tensor.empty() : tensor<64x80xf16>
  %f0 = linalg.fill ins(%c0 : f16) outs(%e0 : tensor<64x80xf16>) -> tensor<64x80xf16>
  %r = linalg.matmul ins(%a0, %a1 : tensor<64x768xf16>, tensor<768x80xf16>) outs(%f0 : tensor<64x80xf16>) -> tensor<64x80xf16>
  return %r : tensor<64x80xf16>
}
