// linalg.add
func.func @main(%a0: tensor<37x65xbf16>, %a1: tensor<37x65xbf16>) -> tensor<37x65xbf16> {
  %e0 = tensor.empty() : tensor<37x65xbf16>
  %r = linalg.add ins(%a0, %a1 : tensor<37x65xbf16>, tensor<37x65xbf16>) outs(%e0 : tensor<37x65xbf16>) -> tensor<37x65xbf16>
  return %r : tensor<37x65xbf16>
}
