// arith.fptosi from f16
func.func @main(%a0: tensor<33x17xf16>) -> tensor<33x17xi32> {
  %e0 = tensor.empty() : tensor<33x17xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a0 : tensor<33x17xf16>) outs(%e0 : tensor<33x17xi32>) {
  ^bb0(%x0: f16, %o: i32):
    %c = arith.constant 100.0 : f16
    %m = arith.mulf %x0, %c : f16
    %y = arith.fptosi %m : f16 to i32
    linalg.yield %y : i32
  } -> tensor<33x17xi32>
  return %r : tensor<33x17xi32>
}
