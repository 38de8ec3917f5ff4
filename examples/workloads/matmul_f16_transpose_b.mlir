// f16 matmul with a transposed B and an f16 result.
func.func @matmul_f16_transpose_b(%a: tensor<128x768xf16>, %b: tensor<768x768xf16>) -> tensor<128x768xf16> {
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<128x768xf16>
  %f = linalg.fill ins(%zero : f16) outs(%e : tensor<128x768xf16>) -> tensor<128x768xf16>
  %r = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
       ins(%a, %b : tensor<128x768xf16>, tensor<768x768xf16>) outs(%f : tensor<128x768xf16>) {
  ^bb0(%x: f16, %y: f16, %acc: f16):
    %p = arith.mulf %x, %y : f16
    %s = arith.addf %acc, %p : f16
    linalg.yield %s : f16
  } -> tensor<128x768xf16>
  return %r : tensor<128x768xf16>
}
