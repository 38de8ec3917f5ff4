// linalg.tanh
func.func @main(%a0: tensor<37x65xf32>) -> tensor<37x65xf32> {
  %e0 = tensor.empty() : tensor<37x65xf32>
  %r = linalg.tanh ins(%a0 : tensor<37x65xf32>) outs(%e0 : tensor<37x65xf32>) -> tensor<37x65xf32>
  return %r : tensor<37x65xf32>
}
