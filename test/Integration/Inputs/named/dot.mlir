// linalg.dot
func.func @main(%a0: tensor<257xf32>, %a1: tensor<257xf32>) -> tensor<f32> {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<f32>
  %f0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %r = linalg.dot ins(%a0, %a1 : tensor<257xf32>, tensor<257xf32>) outs(%f0 : tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}
