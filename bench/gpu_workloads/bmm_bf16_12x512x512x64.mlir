// Attention's scores in bf16 (12 heads, 512 tokens, head dimension 64): a
// batch matmul on tensor cores, one head per block along z.
func.func @bmm_bf16(%a: tensor<12x512x64xbf16>, %b: tensor<12x64x512xbf16>) -> tensor<12x512x512xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<12x512x512xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<12x512x512xf32>) -> tensor<12x512x512xf32>
  %mm = linalg.batch_matmul ins(%a, %b : tensor<12x512x64xbf16>, tensor<12x64x512xbf16>) outs(%fill : tensor<12x512x512xf32>) -> tensor<12x512x512xf32>
  return %mm : tensor<12x512x512xf32>
}
