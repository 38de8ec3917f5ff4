// linalg.contract as a matmul
func.func @main(%a0: tensor<45x33xf32>, %a1: tensor<33x70xf32>) -> tensor<45x70xf32> {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<45x70xf32>
  %f0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<45x70xf32>) -> tensor<45x70xf32>
  %r = linalg.contract indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a0, %a1 : tensor<45x33xf32>, tensor<33x70xf32>) outs(%f0 : tensor<45x70xf32>) -> tensor<45x70xf32>
  return %r : tensor<45x70xf32>
}
