// An input indexed by d0 mod 5: d0 is not tiled.
func.func @f(%a: tensor<5x8xf32>) -> tensor<32x8xf32> {
  %e = tensor.empty() : tensor<32x8xf32>
  %r = linalg.generic {indexing_maps=[affine_map<(d0,d1)->(d0 mod 5, d1)>,affine_map<(d0,d1)->(d0,d1)>], iterator_types=["parallel","parallel"]} ins(%a : tensor<5x8xf32>) outs(%e : tensor<32x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<32x8xf32>
  return %r : tensor<32x8xf32>
}
