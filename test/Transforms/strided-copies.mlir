// RUN: tuner-opt %s --tuner-strided-copies --split-input-file | FileCheck %s

// A 1 x 3 x 1 x 16 slice of a filter (rows 512 x 512 elements apart) copied
// into a contiguous panel: a loop over the 3 rows (not over the unit
// dimensions), each a copy between 1-D views of 16 contiguous elements.
// CHECK-LABEL: func.func @panel
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK:         scf.for %[[I:.*]] = %[[C0]] to %[[C3]]
// CHECK:           %[[FROM:.*]] = memref.subview %{{.*}}[0, %[[I]], 0, 0] [1, 1, 1, 16] [1, 1, 1, 1] : memref<1x3x1x16xf32, strided<[786432, 262144, 512, 1], offset: ?>> to memref<16xf32, strided<[1], offset: ?>>
// CHECK:           %[[TO:.*]] = memref.subview %{{.*}}[0, %[[I]], 0, 0] [1, 1, 1, 16] [1, 1, 1, 1] : memref<1x3x1x16xf32> to memref<16xf32, strided<[1], offset: ?>>
// CHECK:           memref.copy %[[FROM]], %[[TO]]
// CHECK-NOT:     memref.copy
func.func @panel(%filter: memref<3x3x512x512xf32>, %panel: memref<1x3x1x16xf32>, %i: index, %j: index) {
  %0 = memref.subview %filter[0, 0, %i, %j] [1, 3, 1, 16] [1, 1, 1, 1] : memref<3x3x512x512xf32> to memref<1x3x1x16xf32, strided<[786432, 262144, 512, 1], offset: ?>>
  memref.copy %0, %panel : memref<1x3x1x16xf32, strided<[786432, 262144, 512, 1], offset: ?>> to memref<1x3x1x16xf32>
  return
}

// -----

// Two loops for two outer dimensions; the target strided too.
// CHECK-LABEL: func.func @tile
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             memref.copy {{.*}} : memref<8xf32, strided<[1], offset: ?>> to memref<8xf32, strided<[1], offset: ?>>
func.func @tile(%a: memref<64x64x64xf32>, %b: memref<32x32x32xf32>) {
  %0 = memref.subview %a[0, 0, 0] [4, 4, 8] [1, 1, 1] : memref<64x64x64xf32> to memref<4x4x8xf32, strided<[4096, 64, 1]>>
  %1 = memref.subview %b[0, 0, 0] [4, 4, 8] [1, 1, 1] : memref<32x32x32xf32> to memref<4x4x8xf32, strided<[1024, 32, 1]>>
  memref.copy %0, %1 : memref<4x4x8xf32, strided<[4096, 64, 1]>> to memref<4x4x8xf32, strided<[1024, 32, 1]>>
  return
}

// -----

// Left alone: contiguous views (memcpy already), an innermost stride that
// is not 1, rows of one element, dynamic shapes.
// CHECK-LABEL: func.func @others
// CHECK-NOT:     scf.for
// CHECK-COUNT-4: memref.copy
// CHECK-NOT:     scf.for
func.func @others(%a: memref<4x16xf32>, %b: memref<4x16xf32>,
                  %c: memref<4x16xf32, strided<[1, 4]>>,
                  %d: memref<16x1xf32, strided<[4, 1]>>, %e: memref<16x1xf32>,
                  %f: memref<?x16xf32, strided<[32, 1]>>, %g: memref<?x16xf32>) {
  memref.copy %a, %b : memref<4x16xf32> to memref<4x16xf32>
  memref.copy %c, %b : memref<4x16xf32, strided<[1, 4]>> to memref<4x16xf32>
  memref.copy %d, %e : memref<16x1xf32, strided<[4, 1]>> to memref<16x1xf32>
  memref.copy %f, %g : memref<?x16xf32, strided<[32, 1]>> to memref<?x16xf32>
  return
}
