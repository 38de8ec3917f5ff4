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
// The gather reads a 1-D unit-stride view from the first element to the
// last (9 * 20 + 9 + 1 elements).
// CHECK: %[[BASE:.*]], %[[OFFSET:.*]], %{{.*}}:2, %{{.*}}:2 = memref.extract_strided_metadata %[[M]]
// CHECK: %[[FLAT:.*]] = memref.reinterpret_cast %[[M]] to offset: [%[[OFFSET]]], sizes: [190], strides: [1] : memref<10x10xf32, strided<[20, 1], offset: ?>> to memref<190xf32, strided<[1], offset: ?>>
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: vector.gather %[[FLAT]][%[[C0]]] [%[[OFF]]]
func.func @strided(%m: memref<10x10xf32, strided<[20, 1], offset: ?>>, %i: vector<16xindex>, %mask: vector<16xi1>, %pass: vector<16xf32>) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  %g = vector.gather %m[%c0, %c0] [%i], %mask, %pass : memref<10x10xf32, strided<[20, 1], offset: ?>>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  return %g : vector<16xf32>
}

// -----

// A reflection pad's column of width 1 (ONNX's ReflectionPad2d through
// torch-mlir): its innermost stride is not 1, which upstream's gather
// lowering does not take; the view is 192 + 2 * 64 + 2 * 8 + 1 elements.
// CHECK-LABEL: func.func @column
// CHECK: %[[FLAT:.*]] = memref.reinterpret_cast %{{.*}} to offset: [9], sizes: [337], strides: [1] : memref<2x3x3x1xf32, strided<[192, 64, 8, 8], offset: 9>> to memref<337xf32, strided<[1], offset: 9>>
// CHECK: vector.gather %[[FLAT]][%{{.*}}] [%{{.*}}]
func.func @column(%m: memref<2x3x3x1xf32, strided<[192, 64, 8, 8], offset: 9>>, %i: vector<4xindex>, %mask: vector<4xi1>, %pass: vector<4xf32>) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %g = vector.gather %m[%c0, %c0, %c0, %c0] [%i], %mask, %pass : memref<2x3x3x1xf32, strided<[192, 64, 8, 8], offset: 9>>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return %g : vector<4xf32>
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
