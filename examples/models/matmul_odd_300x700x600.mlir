// A matmul whose extents no vector width divides (M=300, N=700, K=600):
// the padded contraction sketch's case, in another shape than
// matmul_odd_500. bench/policies.py starts its warm-start runs here with the
// cost model of a matmul_odd_500 run.
func.func @matmul_odd_300x700x600(%A: tensor<300x600xf32>, %B: tensor<600x700xf32>) -> tensor<300x700xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<300x700xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<300x700xf32>) -> tensor<300x700xf32>
  %mm = linalg.matmul ins(%A, %B : tensor<300x600xf32>, tensor<600x700xf32>) outs(%fill : tensor<300x700xf32>) -> tensor<300x700xf32>
  return %mm : tensor<300x700xf32>
}
