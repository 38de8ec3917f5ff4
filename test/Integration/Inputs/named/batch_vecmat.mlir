// linalg.batch_vecmat
func.func @main(%a0: tensor<3x33xf32>, %a1: tensor<3x33x70xf32>) -> tensor<3x70xf32> {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<3x70xf32>
  %f0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<3x70xf32>) -> tensor<3x70xf32>
  %r = linalg.batch_vecmat ins(%a0, %a1 : tensor<3x33xf32>, tensor<3x33x70xf32>) outs(%f0 : tensor<3x70xf32>) -> tensor<3x70xf32>
  return %r : tensor<3x70xf32>
}
