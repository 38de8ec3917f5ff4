// A data-tiled matmul as IREE exports it: linalg.pack of A and B (padded:
// M = 100, N = 70, K = 60 in tiles of 8 x 16 x 1), linalg.mmt4d, linalg.unpack.
func.func @dt(%a: tensor<100x60xf32>, %b: tensor<60x70xf32>) -> tensor<100x70xf32> {
  %z = arith.constant 0.0 : f32
  %ea = tensor.empty() : tensor<13x60x8x1xf32>
  %pa = linalg.pack %a padding_value(%z : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 1] into %ea : tensor<100x60xf32> -> tensor<13x60x8x1xf32>
  %eb = tensor.empty() : tensor<5x60x16x1xf32>
  %pb = linalg.pack %b padding_value(%z : f32) outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [16, 1] into %eb : tensor<60x70xf32> -> tensor<5x60x16x1xf32>
  %ec = tensor.empty() : tensor<13x5x8x16xf32>
  %fc = linalg.fill ins(%z : f32) outs(%ec : tensor<13x5x8x16xf32>) -> tensor<13x5x8x16xf32>
  %mm = linalg.mmt4d ins(%pa, %pb : tensor<13x60x8x1xf32>, tensor<5x60x16x1xf32>) outs(%fc : tensor<13x5x8x16xf32>) -> tensor<13x5x8x16xf32>
  %e = tensor.empty() : tensor<100x70xf32>
  %u = linalg.unpack %mm inner_dims_pos = [0, 1] inner_tiles = [8, 16] into %e : tensor<13x5x8x16xf32> -> tensor<100x70xf32>
  return %u : tensor<100x70xf32>
}
