// A bf16 matmul in VNNI form (A as [M, K/2, 2], B packed as [K/2, N, 2]),
// the form AVX512-BF16 dot products read; scheduled by
// bf16_vnni_dot.schedule.mlir.
#mA = affine_map<(m, n, k, p) -> (m, k, p)>
#mB = affine_map<(m, n, k, p) -> (k, n, p)>
#mC = affine_map<(m, n, k, p) -> (m, n)>
func.func @mm(%a: tensor<128x384x2xbf16>, %b: tensor<384x768x2xbf16>) -> tensor<128x768xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x768xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<128x768xf32>) -> tensor<128x768xf32>
  %r = linalg.generic {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%a, %b : tensor<128x384x2xbf16>, tensor<384x768x2xbf16>) outs(%f : tensor<128x768xf32>) {
  ^bb0(%x: bf16, %y: bf16, %o: f32):
    %xe = arith.extf %x : bf16 to f32
    %ye = arith.extf %y : bf16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<128x768xf32>
  return %r : tensor<128x768xf32>
}
