// IREE's e2e test of f4E2M1FN (tests/e2e/linalg/fp4_f32_conversion.mlir):
// [0, 1.0, 2.0, 0.5] scaled by 2.0 is [0, 2, 4, 1], and back to f4 bits.
func.func @known(%dummy: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi8>) {
  %bits = arith.constant dense<[0, 2, 4, 1]> : tensor<4xi8>
  %scale = arith.constant dense<2.0> : tensor<4xf8E8M0FNU>
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
    ins(%bits, %scale, %dummy : tensor<4xi8>, tensor<4xf8E8M0FNU>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: i8, %s: f8E8M0FNU, %d: f32, %out: f32):
    %0 = arith.trunci %in : i8 to i4
    %1 = arith.bitcast %0 : i4 to f4E2M1FN
    %2 = arith.scaling_extf %1, %s : f4E2M1FN, f8E8M0FNU to f32
    linalg.yield %2 : f32
  } -> tensor<4xf32>
  %e8 = tensor.empty() : tensor<4xi8>
  %q = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
    ins(%f, %scale : tensor<4xf32>, tensor<4xf8E8M0FNU>) outs(%e8 : tensor<4xi8>) {
  ^bb0(%in: f32, %s: f8E8M0FNU, %out: i8):
    %0 = arith.scaling_truncf %in, %s : f32, f8E8M0FNU to f4E2M1FN
    %1 = arith.bitcast %0 : f4E2M1FN to i4
    %2 = arith.extui %1 : i4 to i8
    linalg.yield %2 : i8
  } -> tensor<4xi8>
  return %f, %q : tensor<4xf32>, tensor<4xi8>
}
