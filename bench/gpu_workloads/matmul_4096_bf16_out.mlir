// A 4096^3 bf16 matmul as cuBLAS's bf16 GEMM computes it: f32 accumulation,
// the result rounded to bf16 (gpu.contraction_mma's epilogue, in registers).
func.func @matmul_4096_bf16_out(%A: tensor<4096x4096xbf16>, %B: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<4096x4096xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %mm = linalg.matmul ins(%A, %B : tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) outs(%fill : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %out = tensor.empty() : tensor<4096x4096xbf16>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
       ins(%mm : tensor<4096x4096xf32>) outs(%out : tensor<4096x4096xbf16>) {
  ^bb0(%a: f32, %o: bf16):
    %t = arith.truncf %a : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<4096x4096xbf16>
  return %r : tensor<4096x4096xbf16>
}
