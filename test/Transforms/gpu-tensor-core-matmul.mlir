// RUN: tuner-opt %s --split-input-file --tuner-gpu-tensor-core-matmul | FileCheck %s

// A block's fill + matmul (what gpu.contraction_mma leaves after
// bufferization): one thread loop of 2x2 warps; 3 stages of 64x32 (A) and
// 32x64 (B) bf16 tiles in dynamic shared memory; the first two K tiles
// copied before the K loop (2 + 2 16-byte cp.async per thread and tile);
// in the loop: wait for all but the newest group, barrier, the next tile's
// copies (guarded), two 16-deep steps of 2 ldmatrix.x4 (A) + 2 .trans (B)
// and 2x4 mma.sync per warp; the accumulators start at the fill's zero and
// end in 16 stores of two columns each, on the result itself.

// CHECK-LABEL: func.func @fill_matmul(
// CHECK-SAME:    %{{.*}}: memref<128x64xbf16>, %{{.*}}: memref<64x128xbf16>, %[[C:.*]]: memref<128x128xf32>)
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         scf.forall
// CHECK:           %[[SMEM:.*]] = gpu.dynamic_shared_memory {tuner.shared_bytes = 24576 : i64}
// CHECK:           %[[SA:.*]] = memref.view %[[SMEM]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<3x64x32xbf16, #gpu.address_space<workgroup>>
// CHECK:           %[[SB:.*]] = memref.view %[[SMEM]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<3x32x64xbf16, #gpu.address_space<workgroup>>
// CHECK:           scf.forall (%[[TID:.*]]) in (128) {
// CHECK-COUNT-4:     nvgpu.device_async_copy {{.*}} 8 {bypassL1}
// CHECK:             nvvm.cp.async.commit.group
// CHECK-COUNT-4:     nvgpu.device_async_copy {{.*}} 8 {bypassL1}
// CHECK:             nvvm.cp.async.commit.group
// CHECK:             %{{.*}}:34 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[READ:[a-z0-9_]+]] = %{{[a-z0-9_]+}}, %[[WRITE:[a-z0-9_]+]] = %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} = %[[ZERO]],
// CHECK:               nvvm.cp.async.wait.group 1
// CHECK-NEXT:          gpu.barrier
// CHECK:               scf.if
// CHECK-COUNT-4:         nvgpu.device_async_copy %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}[%[[WRITE]], %{{.*}}, %{{.*}}], 8 {bypassL1}
// CHECK:               nvvm.cp.async.commit.group
// CHECK:               nvgpu.ldmatrix %[[SA]][%[[READ]], %{{.*}}, %{{.*}}] {numTiles = 4 : i32, transpose = false} : memref<3x64x32xbf16, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
// CHECK:               nvgpu.ldmatrix %[[SB]][%[[READ]], %{{.*}}, %{{.*}}] {numTiles = 4 : i32, transpose = true} : memref<3x32x64xbf16, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
// CHECK:               llvm.bitcast %{{.*}} : vector<2xbf16> to i32
// CHECK-COUNT-16:      nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[{{.*}}] {{.*}}multiplicandAPtxType = #nvvm.mma_type<bf16>{{.*}} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK:               scf.yield
// CHECK:             nvvm.cp.async.wait.group 0
// CHECK-COUNT-16:    vector.store %{{.*}}, %[[C]][%{{.*}}, %{{.*}}] {alignment = 8 : i64} : memref<128x128xf32>, vector<2xf32>
// CHECK:           } {mapping = [#gpu.thread<x>]}
// CHECK:         } {mapping = [#gpu.block<y>, #gpu.block<x>]}
// CHECK-NOT:     linalg.
#map = affine_map<(d0) -> (d0 * 64)>
func.func @fill_matmul(%a: memref<128x64xbf16>, %b: memref<64x128xbf16>, %c: memref<128x128xf32>) {
  %zero = arith.constant 0.0 : f32
  scf.forall (%i, %j) in (2, 2) {
    %r = affine.apply #map(%i)
    %s = affine.apply #map(%j)
    %as = memref.subview %a[%r, 0] [64, 64] [1, 1] : memref<128x64xbf16> to memref<64x64xbf16, strided<[64, 1], offset: ?>>
    %bs = memref.subview %b[0, %s] [64, 64] [1, 1] : memref<64x128xbf16> to memref<64x64xbf16, strided<[128, 1], offset: ?>>
    %cs = memref.subview %c[%r, %s] [64, 64] [1, 1] : memref<128x128xf32> to memref<64x64xf32, strided<[128, 1], offset: ?>>
    linalg.fill ins(%zero : f32) outs(%cs : memref<64x64xf32, strided<[128, 1], offset: ?>>)
    linalg.matmul {tuner.tensor_core.warps_m = 2 : i64, tuner.tensor_core.warps_n = 2 : i64, tuner.tensor_core.tile_k = 32 : i64, tuner.tensor_core.stages = 3 : i64}
        ins(%as, %bs : memref<64x64xbf16, strided<[64, 1], offset: ?>>, memref<64x64xbf16, strided<[128, 1], offset: ?>>)
        outs(%cs : memref<64x64xf32, strided<[128, 1], offset: ?>>)
  } {mapping = [#gpu.block<y>, #gpu.block<x>]}
  return
}

// -----

// A bf16 result with a bias (opt125m_proj_bf16): the f32 accumulator tile
// in workgroup memory is never stored (gone with its fill and the generic);
// each thread loads the bias once per column it owns and stores bf16 pairs.

// CHECK-LABEL: func.func @bias_bf16(
// CHECK-SAME:    %[[BIAS:[^:]*]]: memref<64xbf16>, %[[OUT:[^:]*]]: memref<64x64xbf16>)
// CHECK-NOT:     memref.alloc
// CHECK:         scf.forall (%{{.*}}) in (64) {
// CHECK:           scf.for
// CHECK:           nvvm.cp.async.wait.group 0
// CHECK:           %[[B0:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<32xbf16, strided<[1], offset: ?>>
// CHECK:           %[[E0:.*]] = arith.extf %[[B0]] : bf16 to f32
// CHECK:           %[[S0:.*]] = arith.addf %{{.*}}, %[[E0]] : f32
// CHECK:           arith.truncf %[[S0]] : f32 to bf16
// CHECK-COUNT-8:   vector.store %{{.*}}, %[[OUT]][%{{.*}}, %{{.*}}] {alignment = 4 : i64} : memref<64x64xbf16>, vector<2xbf16>
// CHECK:         } {mapping = [#gpu.thread<x>]}
// CHECK-NOT:     linalg.
#map = affine_map<(d0) -> (d0 * 32)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @bias_bf16(%a: memref<64x128xbf16>, %b: memref<128x64xbf16>, %bias: memref<64xbf16>, %out: memref<64x64xbf16>) {
  %zero = arith.constant 0.0 : f32
  scf.forall (%i, %j) in (2, 2) {
    %r = affine.apply #map(%i)
    %s = affine.apply #map(%j)
    %as = memref.subview %a[%r, 0] [32, 128] [1, 1] : memref<64x128xbf16> to memref<32x128xbf16, strided<[128, 1], offset: ?>>
    %bs = memref.subview %b[0, %s] [128, 32] [1, 1] : memref<128x64xbf16> to memref<128x32xbf16, strided<[64, 1], offset: ?>>
    %acc = memref.alloc() : memref<32x32xf32, #gpu.address_space<workgroup>>
    linalg.fill ins(%zero : f32) outs(%acc : memref<32x32xf32, #gpu.address_space<workgroup>>)
    linalg.matmul {tuner.tensor_core.warps_m = 1 : i64, tuner.tensor_core.warps_n = 2 : i64, tuner.tensor_core.tile_k = 64 : i64, tuner.tensor_core.stages = 2 : i64}
        ins(%as, %bs : memref<32x128xbf16, strided<[128, 1], offset: ?>>, memref<128x32xbf16, strided<[64, 1], offset: ?>>)
        outs(%acc : memref<32x32xf32, #gpu.address_space<workgroup>>)
    %biass = memref.subview %bias[%s] [32] [1] : memref<64xbf16> to memref<32xbf16, strided<[1], offset: ?>>
    %outs = memref.subview %out[%r, %s] [32, 32] [1, 1] : memref<64x64xbf16> to memref<32x32xbf16, strided<[64, 1], offset: ?>>
    linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
        ins(%acc, %biass : memref<32x32xf32, #gpu.address_space<workgroup>>, memref<32xbf16, strided<[1], offset: ?>>)
        outs(%outs : memref<32x32xbf16, strided<[64, 1], offset: ?>>) {
    ^bb0(%x: f32, %y: bf16, %o: bf16):
      %e = arith.extf %y : bf16 to f32
      %t = arith.addf %x, %e : f32
      %u = arith.truncf %t : f32 to bf16
      linalg.yield %u : bf16
    }
  } {mapping = [#gpu.block<y>, #gpu.block<x>]}
  return
}

// -----

// No fill: the accumulators start from C (two columns per load), f16 inputs
// through mma.sync's f16 operands (vector<2xf16>, no bitcast).

// CHECK-LABEL: func.func @accumulate_f16(
// CHECK-SAME:    %[[C:[^:]*]]: memref<32x32xf32>)
// CHECK:         scf.forall (%{{.*}}) in (32) {
// CHECK-COUNT-4:   vector.load %[[C]][%{{.*}}, %{{.*}}] {alignment = 8 : i64} : memref<32x32xf32>, vector<2xf32>
// CHECK:           scf.for
// CHECK-NOT:         llvm.bitcast
// CHECK:             nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[{{.*}}] {{.*}} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-COUNT-4:   vector.store %{{.*}}, %[[C]]
func.func @accumulate_f16(%a: memref<32x64xf16>, %b: memref<64x32xf16>, %c: memref<32x32xf32>) {
  scf.forall (%i, %j) in (2, 2) {
    %r = affine.apply affine_map<(d0) -> (d0 * 16)>(%i)
    %s = affine.apply affine_map<(d0) -> (d0 * 16)>(%j)
    %as = memref.subview %a[%r, 0] [16, 64] [1, 1] : memref<32x64xf16> to memref<16x64xf16, strided<[64, 1], offset: ?>>
    %bs = memref.subview %b[0, %s] [64, 16] [1, 1] : memref<64x32xf16> to memref<64x16xf16, strided<[32, 1], offset: ?>>
    %cs = memref.subview %c[%r, %s] [16, 16] [1, 1] : memref<32x32xf32> to memref<16x16xf32, strided<[32, 1], offset: ?>>
    linalg.matmul {tuner.tensor_core.warps_m = 1 : i64, tuner.tensor_core.warps_n = 1 : i64, tuner.tensor_core.tile_k = 16 : i64, tuner.tensor_core.stages = 4 : i64}
        ins(%as, %bs : memref<16x64xf16, strided<[64, 1], offset: ?>>, memref<64x16xf16, strided<[32, 1], offset: ?>>)
        outs(%cs : memref<16x16xf32, strided<[32, 1], offset: ?>>)
  } {mapping = [#gpu.block<y>, #gpu.block<x>]}
  return
}

// -----

// f16 accumulators (f16 x f16 -> f16): mma.sync's f16 C and D, two per tile.

// CHECK-LABEL: func.func @f16_acc(
// CHECK:         scf.for
// CHECK:           vector.from_elements %{{.*}}, %{{.*}} : vector<2xf16>
// CHECK:           nvvm.mma.sync {{.*}} : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>)>
// CHECK:         vector.store %{{.*}} {alignment = 4 : i64} : memref<16x16xf16>, vector<2xf16>
func.func @f16_acc(%a: memref<16x32xf16>, %b: memref<32x16xf16>, %c: memref<16x16xf16>) {
  %zero = arith.constant 0.0 : f16
  scf.forall (%i) in (1) {
    linalg.fill ins(%zero : f16) outs(%c : memref<16x16xf16>)
    linalg.matmul {tuner.tensor_core.warps_m = 1 : i64, tuner.tensor_core.warps_n = 1 : i64, tuner.tensor_core.tile_k = 16 : i64, tuner.tensor_core.stages = 2 : i64}
        ins(%a, %b : memref<16x32xf16>, memref<32x16xf16>) outs(%c : memref<16x16xf16>)
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

// f32 inputs (tf32: the sketch marks them only on a cuda:<chip>:tf32
// target): rows of 16-byte chunks of 4 f32, K steps of 8; per step and warp
// one ldmatrix.x4 per 16 rows of A (16 x 8 f32: four 8 x 4 matrices), B
// read one f32 at a time (rows t and t + 4 of column g), every operand
// rounded to tf32, mma.sync m16n8k8 tf32 per 16 x 8 tile.

// CHECK-LABEL: func.func @tf32(
// CHECK:         gpu.dynamic_shared_memory {tuner.shared_bytes = 32768 : i64}
// CHECK:         scf.forall (%{{.*}}) in (128) {
// CHECK-COUNT-4:   nvgpu.device_async_copy {{.*}} 4 {bypassL1}
// CHECK:           scf.for
// CHECK:             nvgpu.ldmatrix {{.*}} {numTiles = 4 : i32, transpose = false} : memref<2x64x32xf32, #gpu.address_space<workgroup>> -> vector<4x1xf32>
// CHECK:             memref.load {{.*}} : memref<2x32x64xf32, #gpu.address_space<workgroup>>
// CHECK:             nvvm.convert.float.to.tf32 {{.*}} {rnd = #nvvm.fp_rnd_mode<rna>}
// CHECK:             nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[{{.*}}] {{.*}}multiplicandAPtxType = #nvvm.mma_type<tf32>{{.*}}shape = #nvvm.shape<m = 16, n = 8, k = 8>{{.*}} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
#map = affine_map<(d0) -> (d0 * 64)>
func.func @tf32(%a: memref<128x64xf32>, %b: memref<64x128xf32>, %c: memref<128x128xf32>) {
  %zero = arith.constant 0.0 : f32
  scf.forall (%i, %j) in (2, 2) {
    %r = affine.apply #map(%i)
    %s = affine.apply #map(%j)
    %as = memref.subview %a[%r, 0] [64, 64] [1, 1] : memref<128x64xf32> to memref<64x64xf32, strided<[64, 1], offset: ?>>
    %bs = memref.subview %b[0, %s] [64, 64] [1, 1] : memref<64x128xf32> to memref<64x64xf32, strided<[128, 1], offset: ?>>
    %cs = memref.subview %c[%r, %s] [64, 64] [1, 1] : memref<128x128xf32> to memref<64x64xf32, strided<[128, 1], offset: ?>>
    linalg.fill ins(%zero : f32) outs(%cs : memref<64x64xf32, strided<[128, 1], offset: ?>>)
    linalg.matmul {tuner.tensor_core.warps_m = 2 : i64, tuner.tensor_core.warps_n = 2 : i64, tuner.tensor_core.tile_k = 32 : i64, tuner.tensor_core.stages = 2 : i64}
        ins(%as, %bs : memref<64x64xf32, strided<[64, 1], offset: ?>>, memref<64x64xf32, strided<[128, 1], offset: ?>>)
        outs(%cs : memref<64x64xf32, strided<[128, 1], offset: ?>>)
  } {mapping = [#gpu.block<y>, #gpu.block<x>]}
  return
}
