// Attention with an additive mask over (L, S), broadcast over the batch.
func.func @main(%q: tensor<2x16x32xf32>, %k: tensor<2x24x32xf32>, %v: tensor<2x24x8xf32>, %m: tensor<16x24xf32>) -> tensor<2x16x8xf32> {
  %e = tensor.empty() : tensor<2x16x8xf32>
  %r = tm_tensor.attention ins(%q, %k, %v, %m : tensor<2x16x32xf32>, tensor<2x24x32xf32>, tensor<2x24x8xf32>, tensor<16x24xf32>) outs(%e : tensor<2x16x8xf32>) -> tensor<2x16x8xf32>
  return %r : tensor<2x16x8xf32>
}
