// RUN: tuner-opt %s --split-input-file --tuner-guard-masked-rows | FileCheck %s

// A partial tile of up to 4 rows: each row stored under a branch on the
// mask's row count, masked by its column count.
// CHECK-LABEL: func.func @partial_rows
// CHECK-SAME:    (%[[V:.*]]: vector<4x32xf32>, %[[M:.*]]: memref<?x?xf32{{.*}}>, %[[I:.*]]: index, %[[J:.*]]: index, %[[R:.*]]: index, %[[C:.*]]: index)
// CHECK:         %[[CM:.*]] = vector.create_mask %[[C]] : vector<32xi1>
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[IN0:.*]] = arith.cmpi slt, %[[C0]], %[[R]] : index
// CHECK:         scf.if %[[IN0]] {
// CHECK:           %[[ROW0:.*]] = vector.extract %[[V]][0] : vector<32xf32> from vector<4x32xf32>
// CHECK:           %[[I0:.*]] = arith.addi %[[I]], %[[C0]] : index
// CHECK:           vector.transfer_write %[[ROW0]], %[[M]][%[[I0]], %[[J]]], %[[CM]] {in_bounds = [true]} : vector<32xf32>, memref<?x?xf32{{.*}}>
// CHECK:         }
// CHECK-COUNT-3: scf.if
// CHECK-NOT:     vector.transfer_write {{.*}} vector<4x32xf32>
func.func @partial_rows(%v: vector<4x32xf32>, %m: memref<?x?xf32, strided<[56, 1], offset: ?>>, %i: index, %j: index, %rows: index, %cols: index) {
  %mask = vector.create_mask %rows, %cols : vector<4x32xi1>
  vector.transfer_write %v, %m[%i, %j], %mask {in_bounds = [true, true]} : vector<4x32xf32>, memref<?x?xf32, strided<[56, 1], offset: ?>>
  return
}

// -----

// A 3-D tile (a transpose's 8 x 1 x 32): rows of 1 x 32.
// CHECK-LABEL: func.func @three_d
// CHECK-COUNT-8: scf.if
// CHECK:         vector.transfer_write {{.*}} : vector<1x32xf32>, memref<?x1x?xf32
// CHECK-NOT:     vector<8x1x32xf32>, memref
func.func @three_d(%v: vector<8x1x32xf32>, %m: memref<?x1x?xf32, strided<[3136, 56, 1], offset: ?>>, %rows: index, %cols: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %mask = vector.create_mask %rows, %c1, %cols : vector<8x1x32xi1>
  vector.transfer_write %v, %m[%c0, %c0, %c0], %mask {in_bounds = [true, true, true]} : vector<8x1x32xf32>, memref<?x1x?xf32, strided<[3136, 56, 1], offset: ?>>
  return
}

// -----

// Left alone: every row inside the mask (a constant row bound), a single
// row, an unmasked write, a write into a tensor.
// CHECK-LABEL: func.func @unchanged
// CHECK-NOT:   scf.if
// CHECK-COUNT-3: vector.transfer_write {{.*}} : vector<{{[0-9]+}}x32xf32>, memref
// CHECK:       vector.transfer_write {{.*}} : vector<4x32xf32>, tensor
func.func @unchanged(%v: vector<4x32xf32>, %w: vector<1x32xf32>, %m: memref<?x?xf32>, %t: tensor<?x?xf32>, %cols: index, %rows: index) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %full = vector.create_mask %c4, %cols : vector<4x32xi1>
  vector.transfer_write %v, %m[%c0, %c0], %full {in_bounds = [true, true]} : vector<4x32xf32>, memref<?x?xf32>
  %one = vector.create_mask %c1, %cols : vector<1x32xi1>
  vector.transfer_write %w, %m[%c0, %c0], %one {in_bounds = [true, true]} : vector<1x32xf32>, memref<?x?xf32>
  vector.transfer_write %v, %m[%c0, %c0] : vector<4x32xf32>, memref<?x?xf32>
  %mask = vector.create_mask %rows, %cols : vector<4x32xi1>
  %r = vector.transfer_write %v, %t[%c0, %c0], %mask {in_bounds = [true, true]} : vector<4x32xf32>, tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
