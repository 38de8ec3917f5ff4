// linalg.vecmat
func.func @main(%a0: tensor<33xf32>, %a1: tensor<33x70xf32>) -> tensor<70xf32> {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<70xf32>
  %f0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<70xf32>) -> tensor<70xf32>
  %r = linalg.vecmat ins(%a0, %a1 : tensor<33xf32>, tensor<33x70xf32>) outs(%f0 : tensor<70xf32>) -> tensor<70xf32>
  return %r : tensor<70xf32>
}
