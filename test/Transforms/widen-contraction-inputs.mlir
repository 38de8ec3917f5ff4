// RUN: tuner-opt %s --tuner-widen-contraction-inputs --split-input-file | FileCheck %s

// bf16 operands of an f32 accumulation: each extended once, in an
// elementwise op of its own; the contraction multiplies f32.
// CHECK-LABEL: func.func @bf16_into_f32
// CHECK: arith.extf %{{.*}} : bf16 to f32
// CHECK: arith.extf %{{.*}} : bf16 to f32
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<16x32xf32>, tensor<32x8xf32>)
// CHECK-NOT: arith.extf
// CHECK: arith.mulf
func.func @bf16_into_f32(%a: tensor<16x32xbf16>, %b: tensor<32x8xbf16>, %c: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<16x32xbf16>, tensor<32x8xbf16>) outs(%c : tensor<16x8xf32>) -> tensor<16x8xf32>
  return %r : tensor<16x8xf32>
}

// -----

// f64 operands of an f32 accumulation (linalg truncates them before
// multiplying): each truncated once; the contraction multiplies f32.
// CHECK-LABEL: func.func @f64_into_f32
// CHECK: arith.truncf %{{.*}} : f64 to f32
// CHECK: arith.truncf %{{.*}} : f64 to f32
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<64x64xf32>, tensor<7x64xf32>)
// CHECK-NOT: arith.truncf
// CHECK: arith.mulf
func.func @f64_into_f32(%a: tensor<64x64xf64>, %b: tensor<7x64xf64>, %c: tensor<64x7xf32>) -> tensor<64x7xf32> {
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%a, %b : tensor<64x64xf64>, tensor<7x64xf64>) outs(%c : tensor<64x7xf32>) -> tensor<64x7xf32>
  return %r : tensor<64x7xf32>
}

// -----

// Operands of the accumulator's type, and f16 into an f16 accumulator: left
// alone.
// CHECK-LABEL: func.func @kept
// CHECK-NOT: linalg.generic
// CHECK: linalg.matmul
// CHECK: linalg.matmul
func.func @kept(%a: tensor<16x32xf32>, %b: tensor<32x8xf32>, %c: tensor<16x8xf32>, %h: tensor<16x32xf16>, %g: tensor<32x8xf16>, %d: tensor<16x8xf16>) -> (tensor<16x8xf32>, tensor<16x8xf16>) {
  %r = linalg.matmul ins(%a, %b : tensor<16x32xf32>, tensor<32x8xf32>) outs(%c : tensor<16x8xf32>) -> tensor<16x8xf32>
  %s = linalg.matmul ins(%h, %g : tensor<16x32xf16>, tensor<32x8xf16>) outs(%d : tensor<16x8xf16>) -> tensor<16x8xf16>
  return %r, %s : tensor<16x8xf32>, tensor<16x8xf16>
}
