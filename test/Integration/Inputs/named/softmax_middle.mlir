// linalg.softmax over a middle dimension
func.func @main(%a0: tensor<4x37x29xf32>) -> tensor<4x37x29xf32> {
  %e0 = tensor.empty() : tensor<4x37x29xf32>
  %r = linalg.softmax dimension(1) ins(%a0 : tensor<4x37x29xf32>) outs(%e0 : tensor<4x37x29xf32>) -> tensor<4x37x29xf32>
  return %r : tensor<4x37x29xf32>
}
