// linalg.softmax over the last dimension
func.func @main(%a0: tensor<4x37x129xf32>) -> tensor<4x37x129xf32> {
  %e0 = tensor.empty() : tensor<4x37x129xf32>
  %r = linalg.softmax dimension(2) ins(%a0 : tensor<4x37x129xf32>) outs(%e0 : tensor<4x37x129xf32>) -> tensor<4x37x129xf32>
  return %r : tensor<4x37x129xf32>
}
