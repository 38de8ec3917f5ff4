// A 4096^3 f32 matmul: the issue 17 shape compared with cuBLAS SGEMM.
func.func @matmul_4096(%A: tensor<4096x4096xf32>, %B: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<4096x4096xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %mm = linalg.matmul ins(%A, %B : tensor<4096x4096xf32>, tensor<4096x4096xf32>) outs(%fill : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  return %mm : tensor<4096x4096xf32>
}
