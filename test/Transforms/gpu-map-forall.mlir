// RUN: tuner-opt %s --tuner-gpu-map-forall --split-input-file --verify-diagnostics | FileCheck %s

// A block loop becomes a launch whose grid is its trip counts and whose
// block is the largest thread loop along each dimension; the thread loops
// become thread ids, guarded where smaller than the block, with barriers
// after each.
// CHECK-LABEL: func.func @map
// CHECK:       %[[C16:.*]] = arith.constant 16 : index
// CHECK:       %[[C8:.*]] = arith.constant 8 : index
// CHECK:       %[[C4:.*]] = arith.constant 4 : index
// CHECK:       %[[C8B:.*]] = arith.constant 8 : index
// CHECK:       gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C4]], %{{.*}} = %[[C8B]], %{{.*}} = %{{.*}}) threads(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C16]], %{{.*}} = %[[C8]], %{{.*}} = %{{.*}})
// CHECK:         gpu.thread_id x
// CHECK:         gpu.barrier
// CHECK:         scf.if
// CHECK:         gpu.barrier
// CHECK-NOT:   scf.forall
func.func @map(%out: memref<128x128xf32>) {
  %cst = arith.constant 1.0 : f32
  scf.forall (%i, %j) in (8, 4) {
    scf.forall (%y, %x) in (8, 16) {
      memref.store %cst, %out[%y, %x] : memref<128x128xf32>
    } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
    scf.forall (%x) in (4) {
      memref.store %cst, %out[%i, %x] : memref<128x128xf32>
    } {mapping = [#gpu.thread<x>]}
  } {mapping = [#gpu.block<y>, #gpu.block<x>]}
  return
}

// -----

// Loops without a GPU mapping are left alone.
// CHECK-LABEL: func.func @unmapped
// CHECK:       scf.forall
// CHECK-NOT:   gpu.launch
func.func @unmapped(%out: memref<4xf32>) {
  %cst = arith.constant 1.0 : f32
  scf.forall (%i) in (4) {
    memref.store %cst, %out[%i] : memref<4xf32>
  }
  return
}

// -----

func.func @tensors(%t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{a GPU block loop must be bufferized before mapping}}
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> tensor<4xf32> {
    scf.forall.in_parallel {
    }
  } {mapping = [#gpu.block<x>]}
  return %r : tensor<4xf32>
}

// -----

// A block loop of four linear dimensions (gpu.conv2d's batch, rows,
// columns and channels) gets all its blocks along x: 2 * 4 * 2 * 1 = 16.
// Upstream's map_forall_to_blocks alone derived the grid from the first
// three loops (1 x 2 x 4), and the second image was never computed.
// CHECK-LABEL: func.func @linear_blocks
// CHECK:       %[[C16:.*]] = arith.constant 16 : index
// CHECK:       %[[C1Y:.*]] = arith.constant 1 : index
// CHECK:       %[[C1Z:.*]] = arith.constant 1 : index
// CHECK:       gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C16]], %{{.*}} = %[[C1Y]], %{{.*}} = %[[C1Z]])
// CHECK:         gpu.block_id x
func.func @linear_blocks(%out: memref<2x16x16x16xf32>) {
  %cst = arith.constant 1.0 : f32
  scf.forall (%n, %h, %w, %c) in (2, 4, 2, 1) {
    scf.forall (%x) in (4) {
      memref.store %cst, %out[%n, %h, %w, %x] : memref<2x16x16x16xf32>
    } {mapping = [#gpu.thread<x>]}
  } {mapping = [#gpu.block<linear_dim_3>, #gpu.block<linear_dim_2>, #gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]}
  return
}
