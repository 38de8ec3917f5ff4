// RUN: tuner-opt %s --split-input-file --tuner-guard-vector-divisions | FileCheck %s

// Every integer division and remainder of vectors gets a divisor with the
// zero lanes replaced by 1.
// CHECK-LABEL: func.func @divisions
// CHECK-SAME: (%[[A:.*]]: vector<32xi32>, %[[B:.*]]: vector<32xi32>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0> : vector<32xi32>
// CHECK-DAG: %[[ONE:.*]] = arith.constant dense<1> : vector<32xi32>
// CHECK: %[[Z:.*]] = arith.cmpi eq, %[[B]], %[[ZERO]] : vector<32xi32>
// CHECK: %[[S:.*]] = arith.select %[[Z]], %[[ONE]], %[[B]]
// CHECK: arith.divsi %[[A]], %[[S]] : vector<32xi32>
// CHECK: arith.select
// CHECK: arith.divui %[[A]], %{{.*}} : vector<32xi32>
// CHECK: arith.select
// CHECK: arith.remsi
// CHECK: arith.select
// CHECK: arith.remui
// CHECK: arith.select
// CHECK: arith.ceildivsi
// CHECK: arith.select
// CHECK: arith.ceildivui
// CHECK: arith.select
// CHECK: arith.floordivsi
// CHECK-NOT: arith.select
// CHECK: return
func.func @divisions(%a: vector<32xi32>, %b: vector<32xi32>) -> (vector<32xi32>, vector<32xi32>, vector<32xi32>, vector<32xi32>, vector<32xi32>, vector<32xi32>, vector<32xi32>) {
  %0 = arith.divsi %a, %b : vector<32xi32>
  %1 = arith.divui %a, %b : vector<32xi32>
  %2 = arith.remsi %a, %b : vector<32xi32>
  %3 = arith.remui %a, %b : vector<32xi32>
  %4 = arith.ceildivsi %a, %b : vector<32xi32>
  %5 = arith.ceildivui %a, %b : vector<32xi32>
  %6 = arith.floordivsi %a, %b : vector<32xi32>
  return %0, %1, %2, %3, %4, %5, %6 : vector<32xi32>, vector<32xi32>, vector<32xi32>, vector<32xi32>, vector<32xi32>, vector<32xi32>, vector<32xi32>
}

// -----

// Scalar divisions (only real elements run them), constant divisors
// without zeros and float divisions are left alone; a constant divisor with
// a zero lane is guarded.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: arith.select
// CHECK: arith.divsi %{{.*}}, %{{.*}} : i64
// CHECK: arith.remsi %{{.*}}, %[[C:.*]] : vector<8xi64>
// CHECK: arith.divf
// CHECK: %[[S:.*]] = arith.select
// CHECK: arith.divui %{{.*}}, %[[S]] : vector<2xi16>
func.func @left_alone(%a: i64, %b: i64, %v: vector<8xi64>, %f: vector<8xf32>, %w: vector<2xi16>) -> (i64, vector<8xi64>, vector<8xf32>, vector<2xi16>) {
  %0 = arith.divsi %a, %b : i64
  %c = arith.constant dense<7> : vector<8xi64>
  %1 = arith.remsi %v, %c : vector<8xi64>
  %2 = arith.divf %f, %f : vector<8xf32>
  %z = arith.constant dense<[3, 0]> : vector<2xi16>
  %3 = arith.divui %w, %z : vector<2xi16>
  return %0, %1, %2, %3 : i64, vector<8xi64>, vector<8xf32>, vector<2xi16>
}
