// linalg.conv_1d
func.func @main(%a0: tensor<54xf32>, %a1: tensor<5xf32>) -> tensor<50xf32> {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<50xf32>
  %f0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<50xf32>) -> tensor<50xf32>
  %r = linalg.conv_1d ins(%a0, %a1 : tensor<54xf32>, tensor<5xf32>) outs(%f0 : tensor<50xf32>) -> tensor<50xf32>
  return %r : tensor<50xf32>
}
