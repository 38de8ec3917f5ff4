// linalg.mmt4d
func.func @main(%a0: tensor<5x7x8x4xf32>, %a1: tensor<6x7x16x4xf32>) -> tensor<5x6x8x16xf32> {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<5x6x8x16xf32>
  %f0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<5x6x8x16xf32>) -> tensor<5x6x8x16xf32>
  %r = linalg.mmt4d ins(%a0, %a1 : tensor<5x7x8x4xf32>, tensor<6x7x16x4xf32>) outs(%f0 : tensor<5x6x8x16xf32>) -> tensor<5x6x8x16xf32>
  return %r : tensor<5x6x8x16xf32>
}
