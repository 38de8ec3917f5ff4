// RUN: tuner-opt %s --split-input-file --sched-apply-default=target=cpu:avx512:2t | FileCheck %s
// RUN: tuner-opt %s --split-input-file --sched-apply-default=target=cpu:avx2:4t | FileCheck %s --check-prefix=AVX2
// RUN: tuner-opt %s --split-input-file --sched-apply-default="target=cpu:avx512:2t override=true" | FileCheck %s --check-prefix=OVERRIDE
// RUN: tuner-opt %s --split-input-file --sched-apply-default=target=cpu:avx2:l2=512k:4t | FileCheck %s --check-prefix=AVX2-L2

// The module gets the target; each anchor op the default of its preferred
// sketch: a 6x64 register tile (24 zmm accumulators; 64-row cache tiles end
// in a partial one of 4 rows), parallel tiles of
// several 64-row cache tiles that share out evenly among the cores, and B's
// 256 x 256 blocks (larger than L1) packed once per block for all of them.
// CHECK:       module attributes {sched.target = #sched.target<kind = cpu, arch = "x86-64-v4", cores = 2, vector_bits = 512, features = "avx2,avx512bw,avx512f,avx512vl,fma">}
// CHECK-LABEL: func.func @mm
// CHECK:       linalg.matmul {sched.config = #sched.config<sketch = "cpu.contraction", knobs = {contract = "outerproduct", k1 = 256, k2 = 1, m1 = 256, m2 = 6, ms = 64, n1 = 256, n2 = 64, ns = 256, pack = "panel", unroll = 4}>}
// AVX2:        module attributes {sched.target = #sched.target<kind = cpu, arch = "x86-64-v3", cores = 4, vector_bits = 256, features = "avx2,fma">}
// AVX2:        linalg.matmul {sched.config = #sched.config<sketch = "cpu.contraction", knobs = {contract = "outerproduct", k1 = 256, k2 = 1, m1 = 256, m2 = 6, ms = 64, n1 = 256, n2 = 16, ns = 256, pack = "panel", unroll = 4}>}
// With 512 KiB of L2 (AMD Zen 1 to 3), B's panel is a quarter of it: 256 x
// 128.
// AVX2-L2-LABEL: func.func @mm
// AVX2-L2:       linalg.matmul {sched.config = #sched.config<sketch = "cpu.contraction", knobs = {contract = "outerproduct", k1 = 256, k2 = 1, m1 = 256, m2 = 6, ms = 64, n1 = 128, n2 = 16, ns = 128, pack = "panel", unroll = 4}>}
func.func @mm(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>, %c: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<512x512xf32>, tensor<512x512xf32>) outs(%c : tensor<512x512xf32>) -> tensor<512x512xf32>
  return %0 : tensor<512x512xf32>
}

// -----

// Sizes no vector-friendly tile divides get the padded sketch; 2-D
// convolutions the conv sketch; other reductions the reduction sketch.
// CHECK-LABEL: func.func @others
// CHECK:       linalg.matmul {sched.config = #sched.config<sketch = "cpu.contraction_padded"
// CHECK:       linalg.conv_2d_nhwc_hwcf {{.*}}sched.config = #sched.config<sketch = "cpu.conv2d", knobs = {c1 = 32, c2 = 32, h1 = 4, ic1 = 8, ic2 = 1, kw2 = 3, pack = "filter", unroll = 4, w1 = 8, w2 = 8}>
// CHECK:       linalg.generic {{.*}}sched.config = #sched.config<sketch = "cpu.reduction", knobs = {p = 4, r2 = 4, v = 32}>
func.func @others(%a: tensor<50x50xf32>, %b: tensor<50x50xf32>, %c: tensor<50x50xf32>,
                  %i: tensor<1x10x10x16xf32>, %f: tensor<3x3x16x32xf32>, %o: tensor<1x8x8x32xf32>,
                  %x: tensor<16x64xf32>, %acc: tensor<16xf32>) -> (tensor<50x50xf32>, tensor<1x8x8x32xf32>, tensor<16xf32>) {
  %0 = linalg.matmul ins(%a, %b : tensor<50x50xf32>, tensor<50x50xf32>) outs(%c : tensor<50x50xf32>) -> tensor<50x50xf32>
  %1 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%i, %f : tensor<1x10x10x16xf32>, tensor<3x3x16x32xf32>) outs(%o : tensor<1x8x8x32xf32>) -> tensor<1x8x8x32xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<16x64xf32>) outs(%acc : tensor<16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %out : f32
    linalg.yield %m : f32
  } -> tensor<16xf32>
  return %0, %1, %2 : tensor<50x50xf32>, tensor<1x8x8x32xf32>, tensor<16xf32>
}

// -----

// An existing config is kept unless override=true.
// CHECK-LABEL: func.func @keep
// CHECK:       sched.config = #sched.config<sketch = "cpu.fallback", knobs = {p1 = 2}>
// OVERRIDE-LABEL: func.func @keep
// OVERRIDE:       sched.config = #sched.config<sketch = "cpu.contraction"
func.func @keep(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = linalg.matmul {sched.config = #sched.config<sketch = "cpu.fallback", knobs = {p1 = 2}>} ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}

// -----

// Odd shapes: each parallel tile padded once (pad = tile), the blocking
// whose busiest thread does the least work, copies counted. 500 x 500 on
// two cores: N split in two blocks of 256 columns, M whole in register
// tiles of 5 rows (A read in place, no row padded). 257 rows (prime) on two
// cores: N split too (2 x 192 columns), all 257 rows in one block, not
// padded (register tiles of 6 rows, the last partial one peeled); not 3
// blocks of 88 rows that would leave one core idle a third of the time.
// CHECK-LABEL: func.func @odd500
// CHECK:       sched.config = #sched.config<sketch = "cpu.contraction_padded", knobs = {k1 = 256, k2 = 1, m1 = 500, m2 = 5, n1 = 256, n2 = 64, pad = "tile", unroll = 4}>
// CHECK-LABEL: func.func @odd257
// CHECK:       sched.config = #sched.config<sketch = "cpu.contraction_padded", knobs = {k1 = 256, k2 = 1, m1 = 257, m2 = 6, n1 = 192, n2 = 64, pad = "tile", unroll = 4}>
func.func @odd500(%a: tensor<500x500xf32>, %b: tensor<500x500xf32>, %c: tensor<500x500xf32>) -> tensor<500x500xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<500x500xf32>, tensor<500x500xf32>) outs(%c : tensor<500x500xf32>) -> tensor<500x500xf32>
  return %0 : tensor<500x500xf32>
}
func.func @odd257(%a: tensor<257x509xf32>, %b: tensor<509x383xf32>, %c: tensor<257x383xf32>) -> tensor<257x383xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<257x509xf32>, tensor<509x383xf32>) outs(%c : tensor<257x383xf32>) -> tensor<257x383xf32>
  return %0 : tensor<257x383xf32>
}

// A row of K too long to copy as one vector (16 KiB at most: 4096 f32 here
// would fit, 5000 does not; an i8 K of 2^40 from the IR fuzzer made a
// vector of 2^40 lanes): blocks padded one by one, with K blocks.
// CHECK-LABEL: func.func @odd_long_k
// CHECK:       sched.config = #sched.config<sketch = "cpu.contraction_padded", {{.*}}pad = "block"
// CHECK-LABEL: func.func @odd_huge_k_i8
// CHECK:       sched.config = #sched.config<sketch = "cpu.contraction_padded", {{.*}}pad = "block"
func.func @odd_long_k(%a: tensor<31x5000xf32>, %b: tensor<5000x17xf32>, %c: tensor<31x17xf32>) -> tensor<31x17xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<31x5000xf32>, tensor<5000x17xf32>) outs(%c : tensor<31x17xf32>) -> tensor<31x17xf32>
  return %0 : tensor<31x17xf32>
}
func.func @odd_huge_k_i8(%a: tensor<31x1099511627776xi8>, %b: tensor<1099511627776x17xi8>, %c: tensor<31x17xi32>) -> tensor<31x17xi32> {
  %0 = linalg.matmul ins(%a, %b : tensor<31x1099511627776xi8>, tensor<1099511627776x17xi8>) outs(%c : tensor<31x17xi32>) -> tensor<31x17xi32>
  return %0 : tensor<31x17xi32>
}

// -----

// A layout change split over the threads along the transposed rows: the
// register tile's rows divide a thread's rows (24 channels on two cores: 12
// each, 4-row tiles, not 8 + a masked partial 4, which ran 20x slower), up
// to a vector's lanes (64 channels: 8). Four AVX2 cores: 6 channels each,
// 2-row tiles.
// CHECK-LABEL: func.func @nhwc_to_nchw_24
// CHECK:       sched.config = #sched.config<sketch = "cpu.elementwise", knobs = {ch = 24, cw = 56, p = 12, vh = 4, vw = 32}>
// CHECK-LABEL: func.func @nhwc_to_nchw_64
// CHECK:       sched.config = #sched.config<sketch = "cpu.elementwise", knobs = {ch = 32, cw = 56, p = 32, vh = 8, vw = 32}>
// AVX2-LABEL:  func.func @nhwc_to_nchw_24
// AVX2:        sched.config = #sched.config<sketch = "cpu.elementwise", knobs = {{{.*}}p = 6, vh = 2,
func.func @nhwc_to_nchw_24(%x: tensor<56x56x24xf32>) -> tensor<24x56x56xf32> {
  %e = tensor.empty() : tensor<24x56x56xf32>
  %t = linalg.transpose ins(%x : tensor<56x56x24xf32>) outs(%e : tensor<24x56x56xf32>) permutation = [2, 0, 1]
  return %t : tensor<24x56x56xf32>
}
func.func @nhwc_to_nchw_64(%x: tensor<56x56x64xf32>) -> tensor<64x56x56xf32> {
  %e = tensor.empty() : tensor<64x56x56xf32>
  %t = linalg.transpose ins(%x : tensor<56x56x64xf32>) outs(%e : tensor<64x56x56xf32>) permutation = [2, 0, 1]
  return %t : tensor<64x56x56xf32>
}

// -----

// A pack's relayout (B of a bf16 matmul into pairs: [K, N] -> [N/16, K/2,
// 16, 2]): a register tile takes the 16 x 2 block whole (one vector), and
// blocks of 4 along N/16 (the input's next loop) run inside K/2 (the
// result's), reading 128 contiguous bytes of each pair of rows (768 x 3072
// on one Zen 5 core: 0.23 -> 0.14 ms, measured by perf). A plain transpose has no `cb`.
// CHECK-LABEL: func.func @pack_pairs
// CHECK:       sched.config = #sched.config<sketch = "cpu.elementwise", knobs = {cb = 4, ch = 16, cw = 2, p = 96, vh = 16, vw = 2}>
#pack_in = affine_map<(d0, d1, d2, d3) -> (d1, d3, d0, d2)>
#pack_out = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @pack_pairs(%b: tensor<768x3072xbf16>) -> tensor<192x384x16x2xbf16> {
  %x = tensor.expand_shape %b [[0, 1], [2, 3]] output_shape [384, 2, 192, 16] : tensor<768x3072xbf16> into tensor<384x2x192x16xbf16>
  %e = tensor.empty() : tensor<192x384x16x2xbf16>
  %r = linalg.generic {indexing_maps = [#pack_in, #pack_out], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<384x2x192x16xbf16>) outs(%e : tensor<192x384x16x2xbf16>) {
  ^bb0(%in: bf16, %out: bf16):
    linalg.yield %in : bf16
  } -> tensor<192x384x16x2xbf16>
  return %r : tensor<192x384x16x2xbf16>
}

// -----

// ResNet's 14 x 14 3x3 convolution with 16 vector registers: register tiles
// of two vectors of channels by 6 columns (the last tile of 2 columns
// peeled; 2 x 7 needs 17 registers), one filter tap per step (three taps'
// filter vectors do not fit beside the 12 accumulators). The filter block
// is packed into 16-channel panels, 16 input channels a block (a panel of
// 9 KiB, in half of L1), the 14 x 14 output pixels of a parallel tile
// amortizing the two copies (one per tile of columns).
// AVX2-L2-LABEL: func.func @conv_14x14
// AVX2-L2:       linalg.conv_2d_nhwc_hwcf {{.*}}sketch = "cpu.conv2d", knobs = {c1 = 64, c2 = 16, {{.*}}ic1 = 16, {{.*}}kw2 = 1, pack = "filter", unroll = 4, w1 = 14, w2 = 6}
func.func @conv_14x14(%in: tensor<1x16x16x256xf32>, %f: tensor<3x3x256x256xf32>, %out: tensor<1x14x14x256xf32>) -> tensor<1x14x14x256xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%in, %f : tensor<1x16x16x256xf32>, tensor<3x3x256x256xf32>) outs(%out : tensor<1x14x14x256xf32>) -> tensor<1x14x14x256xf32>
  return %0 : tensor<1x14x14x256xf32>
}
