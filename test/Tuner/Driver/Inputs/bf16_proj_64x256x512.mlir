// A bf16 projection (bf16 inputs, f32 accumulation) already in the packed
// form of tuner-pack-bf16-dot with B as [K/2, N, 2] (the form for AMX;
// without AMX, tuner-prepare blocks B's columns), which the
// cpu.contraction_bf16_dot sketch schedules with a `pack` knob.
#mA = affine_map<(m, n, k, p) -> (m, k, p)>
#mB = affine_map<(m, n, k, p) -> (k, n, p)>
#mC = affine_map<(m, n, k, p) -> (m, n)>
func.func @proj(%a: tensor<64x256x2xbf16>, %w: tensor<256x256x2xbf16>) -> tensor<64x256xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x256xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x256xf32>) -> tensor<64x256xf32>
  %r = linalg.generic {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%a, %w : tensor<64x256x2xbf16>, tensor<256x256x2xbf16>) outs(%f : tensor<64x256xf32>) {
  ^bb0(%x: bf16, %y: bf16, %o: f32):
    %xe = arith.extf %x : bf16 to f32
    %ye = arith.extf %y : bf16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<64x256xf32>
  return %r : tensor<64x256xf32>
}
