// linalg.conv_2d
func.func @main(%a0: tensor<22x20xf32>, %a1: tensor<3x4xf32>) -> tensor<20x17xf32> {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<20x17xf32>
  %f0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<20x17xf32>) -> tensor<20x17xf32>
  %r = linalg.conv_2d ins(%a0, %a1 : tensor<22x20xf32>, tensor<3x4xf32>) outs(%f0 : tensor<20x17xf32>) -> tensor<20x17xf32>
  return %r : tensor<20x17xf32>
}
