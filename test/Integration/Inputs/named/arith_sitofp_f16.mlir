// arith.sitofp to f16
func.func @main(%a0: tensor<33x17xi32>) -> tensor<33x17xf16> {
  %e0 = tensor.empty() : tensor<33x17xf16>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a0 : tensor<33x17xi32>) outs(%e0 : tensor<33x17xf16>) {
  ^bb0(%x0: i32, %o: f16):
    %y = arith.sitofp %x0 : i32 to f16
    linalg.yield %y : f16
  } -> tensor<33x17xf16>
  return %r : tensor<33x17xf16>
}
