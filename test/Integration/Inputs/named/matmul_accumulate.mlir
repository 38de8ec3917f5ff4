// linalg.matmul accumulating into its argument
func.func @main(%a0: tensor<45x33xf32>, %a1: tensor<33x70xf32>, %a2: tensor<45x70xf32>) -> tensor<45x70xf32> {
  %r = linalg.matmul ins(%a0, %a1 : tensor<45x33xf32>, tensor<33x70xf32>) outs(%a2 : tensor<45x70xf32>) -> tensor<45x70xf32>
  return %r : tensor<45x70xf32>
}
