// An odd bf16 matmul (257 x 383 x 509, f32 accumulation): no extent is a
// multiple of 16, so preparation for a CUDA target pads it to 320 x 384 x
// 512 (tuner-pad-contractions) and the tensor-core sketch takes it.
func.func @matmul_odd_bf16(%A: tensor<257x509xbf16>, %B: tensor<509x383xbf16>) -> tensor<257x383xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<257x383xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<257x383xf32>) -> tensor<257x383xf32>
  %mm = linalg.matmul ins(%A, %B : tensor<257x509xbf16>, tensor<509x383xbf16>) outs(%fill : tensor<257x383xf32>) -> tensor<257x383xf32>
  return %mm : tensor<257x383xf32>
}
