// ViT-B attention scores in bf16: 12 heads x 197 tokens x 64, scaled. Odd M
// and N: tuner-pad-contractions pads them to 256 for the tensor-core kernel.
func.func @vit_scores(%a: tensor<12x197x64xbf16>, %b: tensor<12x64x197xbf16>) -> tensor<12x197x197xf32> {
  %z = arith.constant 0.0 : f32
  %s = arith.constant 0.125 : f32
  %e = tensor.empty() : tensor<12x197x197xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<12x197x197xf32>) -> tensor<12x197x197xf32>
  %c = linalg.batch_matmul ins(%a, %b : tensor<12x197x64xbf16>, tensor<12x64x197xbf16>) outs(%f : tensor<12x197x197xf32>) -> tensor<12x197x197xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%c : tensor<12x197x197xf32>) outs(%e : tensor<12x197x197xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.mulf %x, %s : f32
    linalg.yield %m : f32
  } -> tensor<12x197x197xf32>
  return %r : tensor<12x197x197xf32>
}
