// F.scaled_dot_product_attention(q, k, v) as tm_tensor.attention.
func.func @main(%q: tensor<2x16x32xf32>, %k: tensor<2x24x32xf32>, %v: tensor<2x24x8xf32>) -> tensor<2x16x8xf32> {
  %e = tensor.empty() : tensor<2x16x8xf32>
  %r = tm_tensor.attention ins(%q, %k, %v : tensor<2x16x32xf32>, tensor<2x24x32xf32>, tensor<2x24x8xf32>) outs(%e : tensor<2x16x8xf32>) -> tensor<2x16x8xf32>
  return %r : tensor<2x16x8xf32>
}
