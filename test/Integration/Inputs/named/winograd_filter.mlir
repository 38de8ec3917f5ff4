// linalg.winograd_filter_transform F(4, 3)
func.func @main(%a0: tensor<8x3x3x5xf32>) -> tensor<6x6x5x8xf32> {
  %e0 = tensor.empty() : tensor<6x6x5x8xf32>
  %r = linalg.winograd_filter_transform fmr(F_4_3) ins(%a0 : tensor<8x3x3x5xf32>) outs(%e0 : tensor<6x6x5x8xf32>) -> tensor<6x6x5x8xf32>
  return %r : tensor<6x6x5x8xf32>
}
