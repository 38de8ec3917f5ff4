// linalg.elementwise add of a row broadcast by its maps
func.func @main(%a0: tensor<37x65xf32>, %a1: tensor<65xf32>) -> tensor<37x65xf32> {
  %e0 = tensor.empty() : tensor<37x65xf32>
  %r = linalg.elementwise kind=#linalg.elementwise_kind<add> indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>] ins(%a0, %a1 : tensor<37x65xf32>, tensor<65xf32>) outs(%e0 : tensor<37x65xf32>) -> tensor<37x65xf32>
  return %r : tensor<37x65xf32>
}
