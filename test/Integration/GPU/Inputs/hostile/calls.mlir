// A helper function called twice (two layers sharing a weight): inlined by
// the preparation, so no host code calls between the kernels.
func.func private @layer(%x: tensor<16x32xf32>, %w: tensor<32x32xf32>) -> tensor<16x32xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<16x32xf32>) -> tensor<16x32xf32>
  %r = linalg.matmul ins(%x, %w : tensor<16x32xf32>, tensor<32x32xf32>) outs(%f : tensor<16x32xf32>) -> tensor<16x32xf32>
  %t = linalg.tanh ins(%r : tensor<16x32xf32>) outs(%e : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %t : tensor<16x32xf32>
}
func.func @main(%x: tensor<16x32xf32>, %w: tensor<32x32xf32>) -> tensor<16x32xf32> {
  %a = call @layer(%x, %w) : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  %b = call @layer(%a, %w) : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  return %b : tensor<16x32xf32>
}
