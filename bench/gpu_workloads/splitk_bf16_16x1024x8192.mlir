// A skinny bf16 projection with a long K (16 tokens, 8192 -> 1024): its
// default 16 x 32 blocks make 32 blocks, under a quarter of an H100's 132
// SMs, so gpu.contraction_mma's default cuts K into 2 slices (split_k).
func.func @splitk_bf16(%a: tensor<16x8192xbf16>, %b: tensor<8192x1024xbf16>) -> tensor<16x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<16x1024xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<16x1024xf32>) -> tensor<16x1024xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<16x8192xbf16>, tensor<8192x1024xbf16>) outs(%fill : tensor<16x1024xf32>) -> tensor<16x1024xf32>
  return %mm : tensor<16x1024xf32>
}
