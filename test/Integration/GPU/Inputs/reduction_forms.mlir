// Reductions that reach gpu.reduction only after CUDA preparation, and one
// that must not: a group norm's sum over the channels of a group and the
// pixels (two reduction loops, collapsed into one row of 1296), the full
// sum of a matrix (a 0-d result: promoted to one row, its two loops
// collapsed), a bf16 RMS norm's sum of squares (math.fpowi; the accumulator
// widened to f32), and a channels-last average pool's sum over the pixels
// (a column reduction: a warp's lanes would read 32 different rows).
func.func @group_sum(%x: tensor<4x16x81xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%x : tensor<4x16x81xf32>) outs(%f : tensor<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %a = arith.addf %in, %acc : f32
    linalg.yield %a : f32
  } -> tensor<4xf32>
  return %s : tensor<4xf32>
}

func.func @full_sum(%x: tensor<64x32xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]}
      ins(%x : tensor<64x32xf32>) outs(%f : tensor<f32>) {
  ^bb0(%in: f32, %acc: f32):
    %a = arith.addf %in, %acc : f32
    linalg.yield %a : f32
  } -> tensor<f32>
  return %s : tensor<f32>
}

func.func @rms_sum_bf16(%x: tensor<32x256xbf16>) -> tensor<32xbf16> {
  %zero = arith.constant 0.0 : bf16
  %c2 = arith.constant 2 : i64
  %e = tensor.empty() : tensor<32xbf16>
  %f = linalg.fill ins(%zero : bf16) outs(%e : tensor<32xbf16>) -> tensor<32xbf16>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<32x256xbf16>) outs(%f : tensor<32xbf16>) {
  ^bb0(%in: bf16, %acc: bf16):
    %p = math.fpowi %in, %c2 : bf16, i64
    %a = arith.addf %p, %acc : bf16
    linalg.yield %a : bf16
  } -> tensor<32xbf16>
  return %s : tensor<32xbf16>
}

func.func @pool_sum_nhwc(%x: tensor<16x16x32xf32>) -> tensor<32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32xf32>) -> tensor<32xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2, d0)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%x : tensor<16x16x32xf32>) outs(%f : tensor<32xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %a = arith.addf %in, %acc : f32
    linalg.yield %a : f32
  } -> tensor<32xf32>
  return %s : tensor<32xf32>
}

// Few long rows: 4 rows of 65536 (a block each would leave most SMs idle)
// are reduced in 64 pieces of 1024 first (tuner-split-reductions), then
// the 64 partials of each row.
func.func @long_rows(%x: tensor<4x65536xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x65536xf32>) outs(%f : tensor<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %a = arith.addf %in, %acc : f32
    linalg.yield %a : f32
  } -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// The maximum of a 512 x 512 matrix: a 0-d result, one row of 262144 after
// promotion and collapsing, reduced in 256 pieces first.
func.func @full_max(%x: tensor<512x512xf32>) -> tensor<f32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]}
      ins(%x : tensor<512x512xf32>) outs(%f : tensor<f32>) {
  ^bb0(%in: f32, %acc: f32):
    %a = arith.maximumf %in, %acc : f32
    linalg.yield %a : f32
  } -> tensor<f32>
  return %s : tensor<f32>
}
