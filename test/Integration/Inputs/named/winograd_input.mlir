// linalg.winograd_input_transform F(4, 3)
func.func @main(%a0: tensor<2x10x10x5xf32>) -> tensor<6x6x2x2x2x5xf32> {
  %e0 = tensor.empty() : tensor<6x6x2x2x2x5xf32>
  %r = linalg.winograd_input_transform fmr(F_4_3) ins(%a0 : tensor<2x10x10x5xf32>) outs(%e0 : tensor<6x6x2x2x2x5xf32>) -> tensor<6x6x2x2x2x5xf32>
  return %r : tensor<6x6x2x2x2x5xf32>
}
