// An OPT-125m projection in bf16 (128 tokens, 768 -> 3072): bf16 inputs, f32 accumulation, bf16 result.
func.func @opt125m_proj_bf16(%x: tensor<128x768xbf16>, %w: tensor<768x3072xbf16>, %bias: tensor<3072xbf16>) -> tensor<128x3072xbf16> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x3072xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x3072xf32>) -> tensor<128x3072xf32>
  %m = linalg.matmul ins(%x, %w : tensor<128x768xbf16>, tensor<768x3072xbf16>) outs(%f : tensor<128x3072xf32>) -> tensor<128x3072xf32>
  %eb = tensor.empty() : tensor<128x3072xbf16>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
       ins(%m, %bias : tensor<128x3072xf32>, tensor<3072xbf16>) outs(%eb : tensor<128x3072xbf16>) {
  ^bb0(%a: f32, %b: bf16, %o: bf16):
    %bb = arith.extf %b : bf16 to f32
    %s = arith.addf %a, %bb : f32
    %t = arith.truncf %s : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<128x3072xbf16>
  return %r : tensor<128x3072xbf16>
}
