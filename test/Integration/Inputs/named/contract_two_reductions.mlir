// linalg.contract reducing two loops (einsum 'amb,ban->mn')
func.func @main(%a0: tensor<7x45x5xf32>, %a1: tensor<5x7x70xf32>) -> tensor<45x70xf32> {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<45x70xf32>
  %f0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<45x70xf32>) -> tensor<45x70xf32>
  %r = linalg.contract indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d2, d0, d3)>, affine_map<(d0, d1, d2, d3) -> (d3, d2, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>] ins(%a0, %a1 : tensor<7x45x5xf32>, tensor<5x7x70xf32>) outs(%f0 : tensor<45x70xf32>) -> tensor<45x70xf32>
  return %r : tensor<45x70xf32>
}
