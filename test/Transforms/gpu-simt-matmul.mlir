// RUN: tuner-opt %s --split-input-file --tuner-gpu-simt-matmul | FileCheck %s

// A block's f32 fill + matmul: 8 x 8 threads, each with 4 rows 8 apart and
// one group of 4 columns (4 x 4 accumulators); 2 stages of 32x8 (A) and
// 8x32 (B) float tiles in dynamic shared memory, copied 4 floats per
// cp.async (64 chunks per tile: one per thread); per K tile two 4-deep
// steps of 4 loads of A rows and, per k, one load of B's group, then 16
// FMAs; 8 stores of two columns.

// CHECK-LABEL: func.func @fill_matmul(
// CHECK-SAME:    %{{.*}}: memref<64x16xf32>, %{{.*}}: memref<16x64xf32>, %[[C:.*]]: memref<64x64xf32>)
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[SMEM:.*]] = gpu.dynamic_shared_memory {tuner.shared_bytes = 4096 : i64}
// CHECK:         %[[SA:.*]] = memref.view %[[SMEM]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<2x32x8xf32, #gpu.address_space<workgroup>>
// CHECK:         %[[SB:.*]] = memref.view %[[SMEM]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<2x8x32xf32, #gpu.address_space<workgroup>>
// CHECK:         scf.forall (%{{.*}}) in (64) {
// CHECK-COUNT-2:   nvgpu.device_async_copy {{.*}} 4 {bypassL1}
// CHECK:           nvvm.cp.async.commit.group
// CHECK:           scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[READ:[a-z0-9_]+]] = %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} = %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} = %[[ZERO]],
// CHECK:             nvvm.cp.async.wait.group 0
// CHECK-NEXT:        gpu.barrier
// CHECK:             vector.load %[[SA]][%[[READ]], %{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<2x32x8xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK:             vector.load %[[SB]][%[[READ]], %{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<2x8x32xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK-COUNT-16:    math.fma %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK:             scf.yield
// CHECK-COUNT-8:   vector.store %{{.*}}, %[[C]][%{{.*}}, %{{.*}}] {alignment = 8 : i64} : memref<64x64xf32>, vector<2xf32>
// CHECK:         } {mapping = [#gpu.thread<x>]}
// CHECK-NOT:     linalg.
#map = affine_map<(d0) -> (d0 * 32)>
func.func @fill_matmul(%a: memref<64x16xf32>, %b: memref<16x64xf32>, %c: memref<64x64xf32>) {
  %zero = arith.constant 0.0 : f32
  scf.forall (%i, %j) in (2, 2) {
    %r = affine.apply #map(%i)
    %s = affine.apply #map(%j)
    %as = memref.subview %a[%r, 0] [32, 16] [1, 1] : memref<64x16xf32> to memref<32x16xf32, strided<[16, 1], offset: ?>>
    %bs = memref.subview %b[0, %s] [16, 32] [1, 1] : memref<16x64xf32> to memref<16x32xf32, strided<[64, 1], offset: ?>>
    %cs = memref.subview %c[%r, %s] [32, 32] [1, 1] : memref<64x64xf32> to memref<32x32xf32, strided<[64, 1], offset: ?>>
    linalg.fill ins(%zero : f32) outs(%cs : memref<32x32xf32, strided<[64, 1], offset: ?>>)
    linalg.matmul {tuner.simt.threads_m = 8 : i64, tuner.simt.threads_n = 8 : i64, tuner.simt.tile_k = 8 : i64, tuner.simt.stages = 2 : i64}
        ins(%as, %bs : memref<32x16xf32, strided<[16, 1], offset: ?>>, memref<16x32xf32, strided<[64, 1], offset: ?>>)
        outs(%cs : memref<32x32xf32, strided<[64, 1], offset: ?>>)
  } {mapping = [#gpu.block<y>, #gpu.block<x>]}
  return
}

// -----

// A fused bias + ReLU in place on the result.

// CHECK-LABEL: func.func @bias_relu(
// CHECK:         scf.for
// CHECK:         memref.load %{{.*}} : memref<32xf32
// CHECK:         arith.addf
// CHECK:         arith.maximumf
// CHECK:         vector.store
// CHECK-NOT:     linalg.
#map = affine_map<(d0) -> (d0 * 32)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @bias_relu(%a: memref<32x16xf32>, %b: memref<16x64xf32>, %bias: memref<64xf32>, %c: memref<32x64xf32>) {
  %zero = arith.constant 0.0 : f32
  scf.forall (%j) in (2) {
    %s = affine.apply #map(%j)
    %bs = memref.subview %b[0, %s] [16, 32] [1, 1] : memref<16x64xf32> to memref<16x32xf32, strided<[64, 1], offset: ?>>
    %cs = memref.subview %c[0, %s] [32, 32] [1, 1] : memref<32x64xf32> to memref<32x32xf32, strided<[64, 1], offset: ?>>
    %biass = memref.subview %bias[%s] [32] [1] : memref<64xf32> to memref<32xf32, strided<[1], offset: ?>>
    linalg.fill ins(%zero : f32) outs(%cs : memref<32x32xf32, strided<[64, 1], offset: ?>>)
    linalg.matmul {tuner.simt.threads_m = 8 : i64, tuner.simt.threads_n = 8 : i64, tuner.simt.tile_k = 16 : i64, tuner.simt.stages = 2 : i64}
        ins(%a, %bs : memref<32x16xf32>, memref<16x32xf32, strided<[64, 1], offset: ?>>)
        outs(%cs : memref<32x32xf32, strided<[64, 1], offset: ?>>)
    linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
        ins(%cs, %biass : memref<32x32xf32, strided<[64, 1], offset: ?>>, memref<32xf32, strided<[1], offset: ?>>)
        outs(%cs : memref<32x32xf32, strided<[64, 1], offset: ?>>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %t = arith.addf %x, %y : f32
      %u = arith.maximumf %t, %zero : f32
      linalg.yield %u : f32
    }
  } {mapping = [#gpu.block<x>]}
  return
}
