// linalg.pack with an outer permutation and transposed tiles
func.func @main(%a0: tensor<32x64xf32>) -> tensor<16x4x4x8xf32> {
  %e0 = tensor.empty() : tensor<16x4x4x8xf32>
  %r = linalg.pack %a0 outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [4, 8] into %e0 : tensor<32x64xf32> -> tensor<16x4x4x8xf32>
  return %r : tensor<16x4x4x8xf32>
}
