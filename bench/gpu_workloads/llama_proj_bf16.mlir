// A LLaMA-7B MLP projection for 32 tokens in bf16 (32 x 11008 x 4096, f32
// accumulation): B, 90 MB, streams through once; bandwidth-bound.
func.func @llama_proj_bf16(%A: tensor<32x4096xbf16>, %B: tensor<4096x11008xbf16>) -> tensor<32x11008xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<32x11008xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<32x11008xf32>) -> tensor<32x11008xf32>
  %mm = linalg.matmul ins(%A, %B : tensor<32x4096xbf16>, tensor<4096x11008xbf16>) outs(%fill : tensor<32x11008xf32>) -> tensor<32x11008xf32>
  return %mm : tensor<32x11008xf32>
}
