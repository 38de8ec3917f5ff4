// linalg.add
func.func @main(%a0: tensor<37x65xi32>, %a1: tensor<37x65xi32>) -> tensor<37x65xi32> {
  %e0 = tensor.empty() : tensor<37x65xi32>
  %r = linalg.add ins(%a0, %a1 : tensor<37x65xi32>, tensor<37x65xi32>) outs(%e0 : tensor<37x65xi32>) -> tensor<37x65xi32>
  return %r : tensor<37x65xi32>
}
