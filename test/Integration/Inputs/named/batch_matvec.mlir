// linalg.batch_matvec
func.func @main(%a0: tensor<3x45x33xf32>, %a1: tensor<3x33xf32>) -> tensor<3x45xf32> {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<3x45xf32>
  %f0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<3x45xf32>) -> tensor<3x45xf32>
  %r = linalg.batch_matvec ins(%a0, %a1 : tensor<3x45x33xf32>, tensor<3x33xf32>) outs(%f0 : tensor<3x45xf32>) -> tensor<3x45xf32>
  return %r : tensor<3x45xf32>
}
