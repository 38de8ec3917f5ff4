// The ViT attention scores' batch matmul: 12 heads x 197 tokens x 64. Its
// odd M and N give gpu.contraction 1 x 197 block tiles by default (one
// output per thread); bmm_197_pad200.mlir and _pad256.mlir are the same
// function on padded extents.
func.func @main(%a: tensor<12x197x64xf32>, %b: tensor<12x64x197xf32>) -> tensor<12x197x197xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<12x197x197xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<12x197x197xf32>) -> tensor<12x197x197xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<12x197x64xf32>, tensor<12x64x197xf32>) outs(%f : tensor<12x197x197xf32>) -> tensor<12x197x197xf32>
  return %r : tensor<12x197x197xf32>
}
