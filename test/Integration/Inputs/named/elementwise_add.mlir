// linalg.elementwise
func.func @main(%a0: tensor<37x65xf32>, %a1: tensor<37x65xf32>) -> tensor<37x65xf32> {
  %e0 = tensor.empty() : tensor<37x65xf32>
  %r = linalg.elementwise kind=#linalg.elementwise_kind<add> ins(%a0, %a1 : tensor<37x65xf32>, tensor<37x65xf32>) outs(%e0 : tensor<37x65xf32>) -> tensor<37x65xf32>
  return %r : tensor<37x65xf32>
}
