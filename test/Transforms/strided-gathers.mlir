// RUN: tuner-opt %s --split-input-file --tuner-strided-gathers | FileCheck %s

// A gather from a strided 10x10 view (rows 20 apart) whose index vector
// is linearized over the shape: its position is split by the shape and
// recombined with the strides, from base indices of 0.
// CHECK-LABEL: func.func @strided
// CHECK-SAME: (%[[M:.*]]: memref<10x10xf32, strided<[20, 1], offset: ?>>, %[[I:.*]]: vector<16xindex>
// CHECK: %[[POS:.*]] = arith.addi %{{.*}}, %[[I]] : vector<16xindex>
// CHECK: %[[TEN:.*]] = arith.constant dense<10> : vector<16xindex>
// CHECK: %[[COL:.*]] = arith.remui %[[POS]], %[[TEN]]
// CHECK: %[[ROW:.*]] = arith.divui %[[POS]], %[[TEN]]
// CHECK: %[[TWENTY:.*]] = arith.constant dense<20> : vector<16xindex>
// CHECK: arith.muli %[[ROW]], %[[TWENTY]]
// CHECK: %[[OFF:.*]] = arith.addi
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: vector.gather %[[M]][%[[C0]], %[[C0]]] [%[[OFF]]]
func.func @strided(%m: memref<10x10xf32, strided<[20, 1], offset: ?>>, %i: vector<16xindex>, %mask: vector<16xi1>, %pass: vector<16xf32>) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  %g = vector.gather %m[%c0, %c0] [%i], %mask, %pass : memref<10x10xf32, strided<[20, 1], offset: ?>>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  return %g : vector<16xf32>
}

// -----

// Contiguous sources (an identity layout, or strides of a contiguous
// buffer with an offset) and 1-D ones are left alone.
// CHECK-LABEL: func.func @contiguous
// CHECK-NOT: arith.remui
// CHECK-COUNT-3: vector.gather %{{.*}}[%{{.*}}] [%{{.*}}]
func.func @contiguous(%a: memref<10x10xf32>, %b: memref<10x10xf32, strided<[10, 1], offset: ?>>, %c: memref<100xf32, strided<[1], offset: ?>>, %i: vector<16xindex>, %mask: vector<16xi1>, %pass: vector<16xf32>) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>) {
  %c0 = arith.constant 0 : index
  %0 = vector.gather %a[%c0, %c0] [%i], %mask, %pass : memref<10x10xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  %1 = vector.gather %b[%c0, %c0] [%i], %mask, %pass : memref<10x10xf32, strided<[10, 1], offset: ?>>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  %2 = vector.gather %c[%c0] [%i], %mask, %pass : memref<100xf32, strided<[1], offset: ?>>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  return %0, %1, %2 : vector<16xf32>, vector<16xf32>, vector<16xf32>
}
