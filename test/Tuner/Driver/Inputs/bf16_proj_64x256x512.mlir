// A bf16 projection (bf16 inputs, f32 accumulation): its task is the packed
// form cpu.contraction_bf16_dot schedules on targets with AVX512-BF16.
func.func @proj(%a: tensor<64x512xbf16>, %w: tensor<512x256xbf16>) -> tensor<64x256xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x256xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x256xf32>) -> tensor<64x256xf32>
  %r = linalg.matmul ins(%a, %w : tensor<64x512xbf16>, tensor<512x256xbf16>) outs(%f : tensor<64x256xf32>) -> tensor<64x256xf32>
  return %r : tensor<64x256xf32>
}
