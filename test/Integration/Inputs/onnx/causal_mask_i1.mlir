// A causal mask as IREE 3.13's importers print a boolean constant: one byte
// per element in the hex literal (newer MLIR), where MLIR 22 packs bits; the
// tools upgrade the literal before parsing (UpgradeSource.h), else "elements
// hex data size is invalid for provided type: 'tensor<4x4xi1>'".
func.func @main(%s: tensor<2x4x4xf32>) -> tensor<2x4x4xf32> {
  %mask = arith.constant dense<"0x00010101000001010000000100000000"> : tensor<4x4xi1>
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<2x4x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>, affine_map<(b, i, j) -> (i, j)>, affine_map<(b, i, j) -> (b, i, j)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s, %mask : tensor<2x4x4xf32>, tensor<4x4xi1>) outs(%e : tensor<2x4x4xf32>) {
  ^bb0(%x: f32, %m: i1, %o: f32):
    %y = arith.select %m, %ninf, %x : f32
    linalg.yield %y : f32
  } -> tensor<2x4x4xf32>
  return %r : tensor<2x4x4xf32>
}
