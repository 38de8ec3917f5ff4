// RUN: tuner-opt %s --split-input-file --sched-materialize | FileCheck %s

// cpu.contraction with a fused relu: parallel tiles of the relu with the
// matmul and its fill fused in, the 8x32 accumulator carried in registers
// across the K loop (unrolled twice: 16 FMAs per step of 2), and no
// annotation left on the scheduled ops.
// CHECK-LABEL: func.func @mm_relu
// CHECK-SAME:    tuner.kernel = {accumulator = f32, flops = 532480 : i64, inputs = [tensor<64x32xf32>, tensor<32x128xf32>], out_params = false, outputs = [tensor<64x128xf32>], precision = f32, reduction_size = 32 : i64}
// CHECK:         scf.forall (%{{.*}}, %{{.*}}) in (2, 1) shared_outs
// CHECK:           vector.transfer_write %{{.*}} : vector<8x32xf32>, tensor<8x32xf32>
// CHECK:           %[[ACC:.*]] = vector.transfer_read {{.*}} : tensor<32x64xf32>, vector<8x32xf32>
// CHECK:           scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c2 iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %[[ACC]]) -> (tensor<32x64xf32>, vector<8x32xf32>)
// CHECK-COUNT-16:    vector.fma {{.*}} : vector<32xf32>
// CHECK:           arith.maximumf {{.*}} : vector<8x32xf32>
// CHECK:           scf.forall.in_parallel
// CHECK-NOT:     linalg.matmul
// CHECK-NOT:     sched.config
module attributes {sched.target = #sched.target<kind = cpu, arch = "x86-64-v4", cores = 2, vector_bits = 512>} {
  func.func @mm_relu(%a: tensor<64x32xf32>, %b: tensor<32x128xf32>) -> tensor<64x128xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<64x128xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
    %r = linalg.matmul {sched.config = #sched.config<sketch = "cpu.contraction", knobs = {contract = "outerproduct", k1 = 32, k2 = 1, m1 = 32, m2 = 8, ms = 32, n1 = 128, n2 = 32, ns = 64, unroll = 2}>}
        ins(%a, %b : tensor<64x32xf32>, tensor<32x128xf32>) outs(%f : tensor<64x128xf32>) -> tensor<64x128xf32>
    %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%r : tensor<64x128xf32>) outs(%e : tensor<64x128xf32>) {
    ^bb0(%x: f32, %o: f32):
      %m = arith.maximumf %x, %zero : f32
      linalg.yield %m : f32
    } -> tensor<64x128xf32>
    return %y : tensor<64x128xf32>
  }
}

// -----

// cpu.contraction_padded: 50 = 6 x 8 + 2 rows, blocks padded to 8 x 64 x 48:
// A, B and C's block each built in a buffer of the padded shape 4 rows at a
// time by a masked vector read of the block (zeros outside it) and a write
// of whole rows (masked where the padded row is not a power of two), no
// fill first and no scf.if per chunk; then an 8x32 register tile; the block
// is copied back by masked vector transfers.
// CHECK-LABEL: func.func @odd
// CHECK:         scf.forall (%{{.*}}, %{{.*}}) in (7, 1)
// CHECK:           scf.for {{.*}} -> (tensor<?x?xf32>)
// CHECK:             scf.for {{.*}} -> (tensor<8x48xf32>)
// CHECK:               vector.transfer_read {{.*}} : tensor<?x?xf32>, vector<4x64xf32>
// CHECK:               vector.create_mask %{{.*}}, %c48{{.*}} : vector<4x64xi1>
// CHECK:               vector.transfer_write {{.*}} : vector<4x64xf32>, tensor<8x48xf32>
// CHECK:             scf.for {{.*}} -> (tensor<48x64xf32>)
// CHECK:               vector.transfer_read {{.*}} : tensor<?x?xf32>, vector<4x64xf32>
// CHECK-NOT:           vector.create_mask
// CHECK:               vector.transfer_write {{.*}} {in_bounds = [true, true]} : vector<4x64xf32>, tensor<48x64xf32>
// CHECK:             scf.for {{.*}} -> (tensor<8x64xf32>)
// CHECK:               vector.transfer_read {{.*}} : tensor<?x?xf32>, vector<4x64xf32>
// CHECK-NOT:         scf.if
// CHECK-NOT:         tensor.pad
// CHECK:             scf.for {{.*}} -> (tensor<8x64xf32>, vector<8x32xf32>)
// CHECK-COUNT-8:       vector.fma
// CHECK:             scf.for
// CHECK:               vector.create_mask
// CHECK:               vector.transfer_write {{.*}} : vector<8x32xf32>, tensor<?x?xf32>
// CHECK-NOT:         linalg.copy
module attributes {sched.target = #sched.target<kind = cpu, arch = "x86-64-v4", cores = 2, vector_bits = 512>} {
  func.func @odd(%a: tensor<50x50xf32>, %b: tensor<50x50xf32>, %c: tensor<50x50xf32>) -> tensor<50x50xf32> {
    %r = linalg.matmul {sched.config = #sched.config<sketch = "cpu.contraction_padded", knobs = {k1 = 48, k2 = 1, m1 = 8, m2 = 8, n1 = 64, n2 = 32, unroll = 1}>} ins(%a, %b : tensor<50x50xf32>, tensor<50x50xf32>) outs(%c : tensor<50x50xf32>) -> tensor<50x50xf32>
    return %r : tensor<50x50xf32>
  }
}

// -----

// cpu.contraction_padded with pad = tile: each 8 x 64 tile is padded once,
// A (8 x 50) and B (50 x 64) packed with all of K, 4 rows at a time (the
// last chunk of B's 50 rows masked), and the accumulator (%c) the same way.
// The K blocks of 48 run inside the padded tile, the last one 2 long; the
// tile is copied back once.
// CHECK-LABEL: func.func @odd_tile
// CHECK:         scf.forall (%{{.*}}, %{{.*}}) in (7, 1)
// CHECK:           scf.for {{.*}} -> (tensor<8x50xf32>)
// CHECK:             vector.transfer_read {{.*}} : tensor<?x50xf32>, vector<4x64xf32>
// CHECK:             vector.transfer_write {{.*}} : vector<4x64xf32>, tensor<8x50xf32>
// CHECK:           scf.for {{.*}} -> (tensor<50x64xf32>)
// CHECK:             vector.transfer_read {{.*}} : tensor<50x?xf32>, vector<4x64xf32>
// CHECK:             vector.transfer_write {{.*}} : vector<4x64xf32>, tensor<50x64xf32>
// CHECK:           scf.for {{.*}} -> (tensor<8x64xf32>)
// CHECK:             vector.transfer_read {{.*}} : tensor<?x?xf32>, vector<4x64xf32>
// CHECK-NOT:       tensor.pad
// CHECK:           scf.for %{{.*}} = %{{.*}} to %c50{{.*}} step %c48 {{.*}} -> (tensor<8x64xf32>)
// CHECK:             %[[KB:.*]] = affine.min
// CHECK:             scf.for {{.*}} -> (tensor<8x64xf32>)
// CHECK:               scf.for {{.*}} -> (tensor<8x64xf32>)
// CHECK:                 scf.for %{{.*}} = %{{.*}} to %[[KB]] step %{{.*}} -> (tensor<8x64xf32>, vector<8x32xf32>)
// CHECK-COUNT-8:           vector.fma
// CHECK:           scf.for
// CHECK:             scf.for
// CHECK:               vector.create_mask
module attributes {sched.target = #sched.target<kind = cpu, arch = "x86-64-v4", cores = 2, vector_bits = 512>} {
  func.func @odd_tile(%a: tensor<50x50xf32>, %b: tensor<50x50xf32>, %c: tensor<50x50xf32>) -> tensor<50x50xf32> {
    %r = linalg.matmul {sched.config = #sched.config<sketch = "cpu.contraction_padded", knobs = {k1 = 48, k2 = 1, m1 = 8, m2 = 8, n1 = 64, n2 = 32, pad = "tile", unroll = 1}>} ins(%a, %b : tensor<50x50xf32>, tensor<50x50xf32>) outs(%c : tensor<50x50xf32>) -> tensor<50x50xf32>
    return %r : tensor<50x50xf32>
  }
}

// -----

// cpu.conv2d: a 1 x 8 x 32 output tile (8 FMAs per input channel) kept in
// registers across the kh, kw and input-channel loops.
// CHECK-LABEL: func.func @conv
// CHECK:         scf.forall ({{.*}}) in (1, 8, 1, 1)
// CHECK:           scf.for {{.*}} to %c3 {{.*}} vector<1x8x32xf32>)
// CHECK:             scf.for {{.*}} to %c3{{.*}} vector<1x8x32xf32>)
// CHECK:               scf.for {{.*}} to %c16{{.*}} vector<1x8x32xf32>)
// CHECK-COUNT-8:         vector.fma {{.*}} : vector<32xf32>
module attributes {sched.target = #sched.target<kind = cpu, arch = "x86-64-v4", cores = 2, vector_bits = 512>} {
  func.func @conv(%i: tensor<1x10x10x16xf32>, %f: tensor<3x3x16x32xf32>, %o: tensor<1x8x8x32xf32>) -> tensor<1x8x8x32xf32> {
    %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>, sched.config = #sched.config<sketch = "cpu.conv2d", knobs = {c1 = 32, c2 = 32, h1 = 1, ic1 = 16, ic2 = 1, kw2 = 1, unroll = 1, w1 = 8, w2 = 8}>} ins(%i, %f : tensor<1x10x10x16xf32>, tensor<3x3x16x32xf32>) outs(%o : tensor<1x8x8x32xf32>) -> tensor<1x8x8x32xf32>
    return %0 : tensor<1x8x8x32xf32>
  }
}

// -----

// cpu.fallback: parallel tiles of 8 rows, the tiles stay linalg ops.
// CHECK-LABEL: func.func @rowmax
// CHECK:         scf.forall (%{{.*}}) in (2)
// CHECK:           linalg.generic {{.*}} ins(%{{.*}} : tensor<8x64xf32>) outs(%{{.*}} : tensor<8xf32>)
// CHECK-NOT:       sched.config
module attributes {sched.target = #sched.target<kind = cpu, arch = "x86-64-v4", cores = 2, vector_bits = 512>} {
  func.func @rowmax(%x: tensor<16x64xf32>, %acc: tensor<16xf32>) -> tensor<16xf32> {
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"], sched.config = #sched.config<sketch = "cpu.fallback", knobs = {p1 = 8}>} ins(%x : tensor<16x64xf32>) outs(%acc : tensor<16xf32>) {
    ^bb0(%a: f32, %o: f32):
      %m = arith.maximumf %a, %o : f32
      linalg.yield %m : f32
    } -> tensor<16xf32>
    return %r : tensor<16xf32>
  }
}

// -----

// Two annotated ops in one function are both scheduled; an op without a
// config is left alone.
// CHECK-LABEL: func.func @two
// CHECK-COUNT-2: scf.forall
// CHECK:         linalg.matmul ins
// CHECK-NOT:     sched.config
module attributes {sched.target = #sched.target<kind = cpu, arch = "x86-64-v4", cores = 2, vector_bits = 512>} {
  func.func @two(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
    %0 = linalg.matmul {sched.config = #sched.config<sketch = "cpu.fallback", knobs = {p1 = 8}>} ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
    %1 = linalg.matmul {sched.config = #sched.config<sketch = "cpu.fallback", knobs = {p1 = 4}>} ins(%0, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
    %2 = linalg.matmul ins(%1, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
    return %2 : tensor<16x16xf32>
  }
}
