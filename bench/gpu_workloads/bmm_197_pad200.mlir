// The ViT attention scores' batch matmul (12 heads x 197 tokens x 64) with
// M and N zero-padded to 200, the result sliced back: the same function as
// bmm_197.mlir, scheduled on aligned extents (gpu.contraction's default
// on the padded op). A device run times the three forms back to back to
// decide whether tuner-pad-contractions should pad batch matmuls, and to
// which multiple (issue 32, item 5).
func.func @main(%a: tensor<12x197x64xf32>, %b: tensor<12x64x197xf32>) -> tensor<12x197x197xf32> {
  %z = arith.constant 0.0 : f32
  %ap = tensor.pad %a low[0, 0, 0] high[0, 3, 0] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %z : f32
  } : tensor<12x197x64xf32> to tensor<12x200x64xf32>
  %bp = tensor.pad %b low[0, 0, 0] high[0, 0, 3] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %z : f32
  } : tensor<12x64x197xf32> to tensor<12x64x200xf32>
  %e = tensor.empty() : tensor<12x200x200xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<12x200x200xf32>) -> tensor<12x200x200xf32>
  %r = linalg.batch_matmul ins(%ap, %bp : tensor<12x200x64xf32>, tensor<12x64x200xf32>) outs(%f : tensor<12x200x200xf32>) -> tensor<12x200x200xf32>
  %s = tensor.extract_slice %r[0, 0, 0] [12, 197, 197] [1, 1, 1] : tensor<12x200x200xf32> to tensor<12x197x197xf32>
  return %s : tensor<12x197x197xf32>
}
