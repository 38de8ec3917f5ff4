// Rank 7, two reduction loops among parallel ones, a permuted output.
func.func @main(%a: tensor<2x3x4x5x3x2x3xf32>) -> tensor<3x2x5x4x3xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x2x5x4x3xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x2x5x4x3xf32>) -> tensor<3x2x5x4x3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0,d1,d2,d3,d4,d5,d6) -> (d0,d1,d2,d3,d4,d5,d6)>, affine_map<(d0,d1,d2,d3,d4,d5,d6) -> (d6,d0,d3,d2,d1)>], iterator_types = ["parallel","parallel","parallel","parallel","reduction","reduction","parallel"]} ins(%a : tensor<2x3x4x5x3x2x3xf32>) outs(%f : tensor<3x2x5x4x3xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %o : f32
    linalg.yield %s : f32
  } -> tensor<3x2x5x4x3xf32>
  return %r : tensor<3x2x5x4x3xf32>
}
