// RUN: tuner-opt %s --split-input-file --tuner-gpu-wgmma-matmul --cse | FileCheck %s
// RUN: not tuner-opt %s --split-input-file --tuner-gpu-wgmma-matmul=chip=sm_90 2>&1 | FileCheck %s --check-prefix=CHIP

// wgmma exists on sm_90a only: for another chip, every marked matmul is an
// error.
// CHIP-COUNT-2: error: a wgmma kernel needs chip=sm_90a (wgmma and its descriptors exist on sm_90a only), not sm_90; schedule the module for target=cuda:sm_90a

// A block's fill + matmul (what gpu.contraction_wgmma leaves after
// bufferization), 128 x 64 blocks of two warpgroups (64 x 64 each), K = 128
// in 2 stages: the TMA descriptors of A (128 x 64 boxes) and B (64 x 64) are
// made before the block loop, on the arguments; the block's shared memory
// (2 x (16 + 8) KiB + 1 KiB to align it) and one mbarrier per stage; thread
// 0 initializes the barriers, every thread acquires the descriptors (the
// host wrote them to global memory) and fences the barriers for the async
// proxy, and thread 0 loads both stages; in the K loop every
// thread waits for its stage's barrier, issues 4 wgmma m64n64k16 (one per
// 16-deep step) on the accumulators it carries, keeps one group in flight,
// and after a barrier thread 0 refills the stage the previous tile used;
// the accumulators start at the fill's zero and end in 16 stores of two
// columns each.

// CHECK-LABEL: func.func @fill_matmul(
// CHECK-SAME:    %[[A:.*]]: memref<256x128xbf16>, %[[B:.*]]: memref<128x64xbf16>, %[[C:.*]]: memref<256x64xf32>)
// CHECK:         %[[CA:.*]] = memref.cast %[[A]] : memref<256x128xbf16> to memref<*xbf16>
// CHECK:         %[[DA:.*]] = nvgpu.tma.create.descriptor %[[CA]] box[%{{.*}}, %{{.*}}] : memref<*xbf16> -> <tensor = memref<128x64xbf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// CHECK:         %[[CB:.*]] = memref.cast %[[B]] : memref<128x64xbf16> to memref<*xbf16>
// CHECK:         %[[DB:.*]] = nvgpu.tma.create.descriptor %[[CB]] box[%{{.*}}, %{{.*}}] : memref<*xbf16> -> <tensor = memref<64x64xbf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// CHECK:         scf.forall
// CHECK:           %[[SMEM:.*]] = gpu.dynamic_shared_memory {tuner.shared_bytes = 50176 : i64}
// CHECK:           memref.extract_aligned_pointer_as_index %[[SMEM]]
// CHECK:           %[[BAR:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
// CHECK:           scf.forall (%[[TID:.*]]) in (256) {
// CHECK:             %[[LEADER:.*]] = arith.cmpi eq, %[[TID]], %{{.*}} : index
// CHECK-COUNT-2:     nvgpu.mbarrier.init %[[BAR]][%{{.*}}], %{{.*}}, predicate = %[[LEADER]]
// CHECK-NEXT:        nvgpu.tma.fence.descriptor %[[DA]]
// CHECK-NEXT:        nvgpu.tma.fence.descriptor %[[DB]]
// CHECK-NEXT:        nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT:        gpu.barrier
// CHECK:             nvgpu.mbarrier.arrive.expect_tx %[[BAR]][%{{.*}}], %{{.*}}, predicate = %[[LEADER]]
// CHECK:             nvgpu.tma.async.load %[[DA]][%{{.*}}, %{{.*}}], %[[BAR]][%{{.*}}] to %{{.*}}, predicate = %[[LEADER]]
// CHECK:             nvgpu.tma.async.load %[[DB]][%{{.*}}, %{{.*}}], %[[BAR]][%{{.*}}] to %{{.*}}, predicate = %[[LEADER]]
// CHECK:             nvgpu.mbarrier.arrive.expect_tx
// CHECK:             scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (!llvm.struct<(f32, f32,
// CHECK:               nvgpu.mbarrier.try_wait.parity %[[BAR]]
// CHECK:               nvvm.wgmma.fence.aligned
// CHECK-COUNT-4:       nvvm.wgmma.mma_async {{.*}} <m = 64, n = 64, k = 16>, D[<f32>, <one>], A[<bf16>, <one>, <row>], B[<bf16>, <one>, <row>]
// CHECK:               nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT:          nvvm.wgmma.wait.group.sync.aligned 1
// CHECK-NEXT:          gpu.barrier
// CHECK:               nvgpu.mbarrier.arrive.expect_tx
// CHECK:               nvgpu.tma.async.load %[[DA]]
// CHECK:               nvgpu.tma.async.load %[[DB]]
// CHECK:               scf.yield
// CHECK:             nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-COUNT-16:    vector.store %{{.*}}, %[[C]][%{{.*}}, %{{.*}}] {alignment = 8 : i64} : memref<256x64xf32>, vector<2xf32>
// CHECK:           } {mapping = [#gpu.thread<x>]}
// CHECK:         } {mapping = [#gpu.block<x>]}
// CHECK-NOT:     linalg.
#map = affine_map<(d0) -> (d0 * 128)>
func.func @fill_matmul(%a: memref<256x128xbf16>, %b: memref<128x64xbf16>, %c: memref<256x64xf32>) {
  %zero = arith.constant 0.0 : f32
  scf.forall (%i) in (2) {
    %r = affine.apply #map(%i)
    %as = memref.subview %a[%r, 0] [128, 128] [1, 1] : memref<256x128xbf16> to memref<128x128xbf16, strided<[128, 1], offset: ?>>
    %cs = memref.subview %c[%r, 0] [128, 64] [1, 1] : memref<256x64xf32> to memref<128x64xf32, strided<[64, 1], offset: ?>>
    linalg.fill ins(%zero : f32) outs(%cs : memref<128x64xf32, strided<[64, 1], offset: ?>>)
    linalg.matmul {tuner.wgmma.warpgroups_m = 2 : i64, tuner.wgmma.warpgroups_n = 1 : i64, tuner.wgmma.tile_k = 64 : i64, tuner.wgmma.stages = 2 : i64}
        ins(%as, %b : memref<128x128xbf16, strided<[128, 1], offset: ?>>, memref<128x64xbf16>)
        outs(%cs : memref<128x64xf32, strided<[64, 1], offset: ?>>)
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

// f16 inputs, 64 x 128 blocks of one warpgroup (one m64n128k16 per step):
// B comes in two 64-column boxes per stage; no fill, so the accumulators
// start from C (pairs of columns).

// CHECK-LABEL: func.func @accumulate_f16(
// CHECK:         nvgpu.tma.create.descriptor {{.*}} -> <tensor = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK:         nvgpu.tma.create.descriptor {{.*}} -> <tensor = memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK:         gpu.dynamic_shared_memory {tuner.shared_bytes = 74752 : i64}
// CHECK:         scf.forall (%{{.*}}) in (128) {
// CHECK:           vector.load %{{.*}}[%{{.*}}, %{{.*}}] {alignment = 8 : i64} : memref<128x256xf32>, vector<2xf32>
// CHECK-COUNT-2:   nvgpu.tma.async.load {{.*}} -> memref<64x64xf16, #gpu.address_space<workgroup>>
// CHECK:           scf.for
// CHECK-COUNT-4:     nvvm.wgmma.mma_async {{.*}} <m = 64, n = 128, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <row>]
#map = affine_map<(d0) -> (d0 * 64)>
#map1 = affine_map<(d0) -> (d0 * 128)>
func.func @accumulate_f16(%a: memref<128x256xf16>, %b: memref<256x256xf16>, %c: memref<128x256xf32>) {
  scf.forall (%i, %j) in (2, 2) {
    %r = affine.apply #map(%i)
    %s = affine.apply #map1(%j)
    %as = memref.subview %a[%r, 0] [64, 256] [1, 1] : memref<128x256xf16> to memref<64x256xf16, strided<[256, 1], offset: ?>>
    %bs = memref.subview %b[0, %s] [256, 128] [1, 1] : memref<256x256xf16> to memref<256x128xf16, strided<[256, 1], offset: ?>>
    %cs = memref.subview %c[%r, %s] [64, 128] [1, 1] : memref<128x256xf32> to memref<64x128xf32, strided<[256, 1], offset: ?>>
    linalg.matmul {tuner.wgmma.warpgroups_m = 1 : i64, tuner.wgmma.warpgroups_n = 1 : i64, tuner.wgmma.tile_k = 64 : i64, tuner.wgmma.stages = 3 : i64}
        ins(%as, %bs : memref<64x256xf16, strided<[256, 1], offset: ?>>, memref<256x128xf16, strided<[256, 1], offset: ?>>)
        outs(%cs : memref<64x128xf32, strided<[256, 1], offset: ?>>)
  } {mapping = [#gpu.block<y>, #gpu.block<x>]}
  return
}
