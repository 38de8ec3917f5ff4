// linalg.winograd_output_transform F(4, 3) (it accumulates into its init)
func.func @main(%a0: tensor<6x6x2x2x2x8xf32>) -> tensor<2x8x8x8xf32> {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<2x8x8x8xf32>
  %f0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
  %r = linalg.winograd_output_transform fmr(F_4_3) ins(%a0 : tensor<6x6x2x2x2x8xf32>) outs(%f0 : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
  return %r : tensor<2x8x8x8xf32>
}
