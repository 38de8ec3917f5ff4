// linalg.pack with padding (a partial last tile)
func.func @main(%a0: tensor<37x65xf32>) -> tensor<5x17x8x4xf32> {
  %e0 = tensor.empty() : tensor<5x17x8x4xf32>
  %pad = arith.constant 0.0 : f32
  %r = linalg.pack %a0 padding_value(%pad : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %e0 : tensor<37x65xf32> -> tensor<5x17x8x4xf32>
  return %r : tensor<5x17x8x4xf32>
}
