// linalg.conv_3d
func.func @main(%a0: tensor<8x8x11xf32>, %a1: tensor<3x2x3xf32>) -> tensor<6x7x9xf32> {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<6x7x9xf32>
  %f0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<6x7x9xf32>) -> tensor<6x7x9xf32>
  %r = linalg.conv_3d ins(%a0, %a1 : tensor<8x8x11xf32>, tensor<3x2x3xf32>) outs(%f0 : tensor<6x7x9xf32>) -> tensor<6x7x9xf32>
  return %r : tensor<6x7x9xf32>
}
