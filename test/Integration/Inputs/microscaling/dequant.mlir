// MXFP4 dequantization: f4E2M1FN values times f8E8M0FNU scales, in f32.
func.func @dequant(%v: tensor<32x64xf4E2M1FN>, %s: tensor<32x64xf8E8M0FNU>) -> tensor<32x64xf32> {
  %e = tensor.empty() : tensor<32x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%v, %s : tensor<32x64xf4E2M1FN>, tensor<32x64xf8E8M0FNU>) outs(%e : tensor<32x64xf32>) {
  ^bb0(%x: f4E2M1FN, %y: f8E8M0FNU, %o: f32):
    %z = arith.scaling_extf %x, %y : f4E2M1FN, f8E8M0FNU to f32
    linalg.yield %z : f32
  } -> tensor<32x64xf32>
  return %r : tensor<32x64xf32>
}
