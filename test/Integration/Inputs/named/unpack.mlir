// linalg.unpack to a shape the tiles do not divide
func.func @main(%a0: tensor<5x17x8x4xf32>) -> tensor<37x65xf32> {
  %e0 = tensor.empty() : tensor<37x65xf32>
  %r = linalg.unpack %a0 inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %e0 : tensor<5x17x8x4xf32> -> tensor<37x65xf32>
  return %r : tensor<37x65xf32>
}
