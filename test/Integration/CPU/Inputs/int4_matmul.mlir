// A matmul of i4 inputs into i32 (4-bit quantized weights): no schedule may
// vectorize it (vectors of i4 are packed nibbles, buffers a byte each).
func.func @i4(%a: tensor<32x64xi4>, %b: tensor<64x48xi4>) -> tensor<32x48xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<32x48xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<32x48xi32>) -> tensor<32x48xi32>
  %r = linalg.matmul ins(%a, %b : tensor<32x64xi4>, tensor<64x48xi4>) outs(%f : tensor<32x48xi32>) -> tensor<32x48xi32>
  return %r : tensor<32x48xi32>
}
