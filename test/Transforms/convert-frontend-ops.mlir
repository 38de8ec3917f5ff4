// RUN: tuner-opt %s --tuner-convert-frontend-ops --split-input-file --verify-diagnostics | FileCheck %s

// A load of a constant ml_program global becomes an arith.constant of its
// value; the private global, now unused, is dropped. A mutable global and
// its loads are left alone.

// CHECK-LABEL: module
// CHECK-NOT:   ml_program.global private @w
// CHECK:       ml_program.global private mutable @state
// CHECK-LABEL: func.func @weights
// CHECK:       %[[W:.*]] = arith.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
// CHECK:       linalg.matmul ins(%arg0, %[[W]] : tensor<4x2xf32>, tensor<2x2xf32>)
// CHECK:       ml_program.global_load @state
module {
  ml_program.global private @w(dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>) : tensor<2x2xf32>
  ml_program.global private mutable @state(dense<0.0> : tensor<4x2xf32>) : tensor<4x2xf32>
  func.func @weights(%a: tensor<4x2xf32>) -> (tensor<4x2xf32>, tensor<4x2xf32>) {
    %w = ml_program.global_load_const @w : tensor<2x2xf32>
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<4x2xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
    %m = linalg.matmul ins(%a, %w : tensor<4x2xf32>, tensor<2x2xf32>) outs(%f : tensor<4x2xf32>) -> tensor<4x2xf32>
    %s = ml_program.global_load @state : tensor<4x2xf32>
    return %m, %s : tensor<4x2xf32>, tensor<4x2xf32>
  }
}

// -----

// TOSA ops go through upstream's conversions to linalg, tensor and arith.

// CHECK-LABEL: func.func @tosa
// CHECK-NOT:   tosa.
// CHECK:       linalg.batch_matmul
// CHECK:       linalg.generic
// CHECK:         arith.addf
// CHECK:       tensor.collapse_shape
func.func @tosa(%m: tensor<1x16x32xf32>, %n: tensor<1x32x8xf32>, %b: tensor<1x16x8xf32>) -> tensor<16x8xf32> {
  %z = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %mm = tosa.matmul %m, %n, %z, %z : (tensor<1x16x32xf32>, tensor<1x32x8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x8xf32>
  %a = tosa.add %mm, %b : (tensor<1x16x8xf32>, tensor<1x16x8xf32>) -> tensor<1x16x8xf32>
  %s = tosa.const_shape {values = dense<[16, 8]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %r = tosa.reshape %a, %s : (tensor<1x16x8xf32>, !tosa.shape<2>) -> tensor<16x8xf32>
  return %r : tensor<16x8xf32>
}
