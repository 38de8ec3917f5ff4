// RUN: tuner-opt %s --split-input-file --tuner-gpu-legalize-math | FileCheck %s

// A square is a multiplication (torch-mlir's RMSNorm: x^2 with an i64
// exponent, which libdevice's __nv_powif(float, int) cannot take).
// CHECK-LABEL: func.func @square
// CHECK-SAME:    (%[[X:.*]]: bf16)
// CHECK-NOT:     math.fpowi
// CHECK:         %[[R:.*]] = arith.mulf %[[X]], %[[X]] : bf16
// CHECK:         return %[[R]]
func.func @square(%x: bf16) -> bf16 {
  %c2 = arith.constant 2 : i64
  %r = math.fpowi %x, %c2 : bf16, i64
  return %r : bf16
}

// -----

// A variable i64 exponent becomes an i32 one, clamped with its parity kept.
// CHECK-LABEL: func.func @variable
// CHECK-SAME:    (%[[X:.*]]: f32, %[[N:.*]]: i64)
// CHECK-DAG:     %[[LO:.*]] = arith.constant -2147483648 : i64
// CHECK-DAG:     %[[HI:.*]] = arith.constant 2147483647 : i64
// CHECK-DAG:     %[[EVEN:.*]] = arith.constant -2 : i64
// CHECK-DAG:     %[[ONE:.*]] = arith.constant 1 : i64
// CHECK:         %[[MAX:.*]] = arith.maxsi %[[N]], %[[LO]] : i64
// CHECK:         %[[MIN:.*]] = arith.minsi %[[MAX]], %[[HI]] : i64
// CHECK:         %[[E:.*]] = arith.andi %[[MIN]], %[[EVEN]] : i64
// CHECK:         %[[P:.*]] = arith.andi %[[N]], %[[ONE]] : i64
// CHECK:         %[[K:.*]] = arith.ori %[[E]], %[[P]] : i64
// CHECK:         %[[T:.*]] = arith.trunci %[[K]] : i64 to i32
// CHECK:         math.fpowi %[[X]], %[[T]] : f32, i32
func.func @variable(%x: f32, %n: i64) -> f32 {
  %r = math.fpowi %x, %n : f32, i64
  return %r : f32
}

// -----

// Vectors too; an i32 exponent is left alone, a narrower one extended.
// CHECK-LABEL: func.func @vectors
// CHECK:         arith.trunci %{{.*}} : vector<4xi64> to vector<4xi32>
// CHECK:         math.fpowi %{{.*}}, %{{.*}} : vector<4xf32>, vector<4xi32>
// CHECK:         math.fpowi %{{.*}}, %{{.*}} : f32, i32
// CHECK:         arith.extsi %{{.*}} : i16 to i32
// CHECK:         math.fpowi %{{.*}}, %{{.*}} : f32, i32
func.func @vectors(%x: vector<4xf32>, %n: vector<4xi64>, %y: f32, %m: i32, %k: i16) -> (vector<4xf32>, f32, f32) {
  %a = math.fpowi %x, %n : vector<4xf32>, vector<4xi64>
  %b = math.fpowi %y, %m : f32, i32
  %c = math.fpowi %y, %k : f32, i16
  return %a, %b, %c : vector<4xf32>, f32, f32
}
