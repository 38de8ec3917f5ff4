// An odd-shaped f32 matmul (M = 257, N = 383, K = 509: primes and a prime
// plus one): no tile of a power of two divides any dimension.
func.func @matmul_odd_257x383x509(%A: tensor<257x509xf32>, %B: tensor<509x383xf32>) -> tensor<257x383xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<257x383xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<257x383xf32>) -> tensor<257x383xf32>
  %mm = linalg.matmul ins(%A, %B : tensor<257x509xf32>, tensor<509x383xf32>) outs(%fill : tensor<257x383xf32>) -> tensor<257x383xf32>
  return %mm : tensor<257x383xf32>
}
