// RUN: tuner-opt %s --split-input-file --tuner-guard-shifts | FileCheck %s
// RUN: tuner-opt %s --split-input-file --tuner-guard-shifts --tuner-guard-shifts | FileCheck %s

// Shifts by amounts that may reach the width: logical shifts give 0 past
// it, arithmetic ones the sign (the amount clamped to width - 1); vectors
// and scalars alike. Running the pass twice changes nothing more.
// CHECK-LABEL: func.func @variable
// CHECK-SAME: (%[[X:.*]]: vector<8xi32>, %[[A:.*]]: vector<8xi32>, %[[S:.*]]: i16, %[[B:.*]]: i16)
// CHECK:      %[[L:.*]] = arith.shli %[[X]], %[[A]] : vector<8xi32>
// CHECK:      %[[W:.*]] = arith.constant dense<32> : vector<8xi32>
// CHECK:      %[[IN:.*]] = arith.cmpi ult, %[[A]], %[[W]] : vector<8xi32>
// CHECK:      %[[Z:.*]] = arith.constant dense<0> : vector<8xi32>
// CHECK:      %[[GL:.*]] = arith.select %[[IN]], %[[L]], %[[Z]]
// CHECK:      %[[R:.*]] = arith.shrui %[[GL]], %[[A]] : vector<8xi32>
// CHECK:      %[[GR:.*]] = arith.select %{{.*}}, %[[R]], %{{.*}} : vector<8xi1>, vector<8xi32>
// CHECK:      %[[C15:.*]] = arith.constant 15 : i16
// CHECK:      %[[M:.*]] = arith.minui %[[B]], %[[C15]] : i16
// CHECK:      %[[SR:.*]] = arith.shrsi %[[S]], %[[M]] : i16
// CHECK-NOT:  arith.select
// CHECK-NOT:  arith.minui
// CHECK:      return %[[GR]], %[[SR]]
func.func @variable(%x: vector<8xi32>, %a: vector<8xi32>, %s: i16, %b: i16) -> (vector<8xi32>, i16) {
  %0 = arith.shli %x, %a : vector<8xi32>
  %1 = arith.shrui %0, %a : vector<8xi32>
  %2 = arith.shrsi %s, %b : i16
  return %1, %2 : vector<8xi32>, i16
}

// -----

// Constant amounts below the width and index shifts are left alone; a
// constant amount past the width is not.
// CHECK-LABEL: func.func @constants
// CHECK:      arith.shli %{{.*}}, %{{.*}} : vector<4xi8>
// CHECK-NEXT: arith.shrsi %{{.*}}, %{{.*}} : i64
// CHECK-NEXT: arith.shli %{{.*}}, %{{.*}} : index
// CHECK-NEXT: arith.shrui %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: arith.constant 32 : i32
// CHECK-NEXT: arith.cmpi ult
// CHECK:      arith.select
func.func @constants(%x: vector<4xi8>, %y: i64, %i: index, %j: index, %z: i32) -> (vector<4xi8>, i64, index, i32) {
  %a = arith.constant dense<[0, 1, 6, 7]> : vector<4xi8>
  %b = arith.constant 63 : i64
  %c = arith.constant 40 : i32
  %0 = arith.shli %x, %a : vector<4xi8>
  %1 = arith.shrsi %y, %b : i64
  %2 = arith.shli %i, %j : index
  %3 = arith.shrui %z, %c : i32
  return %0, %1, %2, %3 : vector<4xi8>, i64, index, i32
}
