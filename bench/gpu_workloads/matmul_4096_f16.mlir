// A 4096^3 matmul with f16 inputs accumulating in f32 (tensor cores on a
// CUDA target: gpu.contraction_mma, mma.sync m16n8k16 f16 -> f32).
func.func @matmul_4096_f16(%A: tensor<4096x4096xf16>, %B: tensor<4096x4096xf16>) -> tensor<4096x4096xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<4096x4096xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %mm = linalg.matmul ins(%A, %B : tensor<4096x4096xf16>, tensor<4096x4096xf16>) outs(%fill : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  return %mm : tensor<4096x4096xf32>
}
