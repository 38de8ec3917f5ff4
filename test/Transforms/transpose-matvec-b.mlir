// RUN: tuner-opt %s --split-input-file --tuner-prepare="transpose-matvec-b=true fold-constants=false fuse=false" | FileCheck %s

// tuner-prepare's transpose-matvec-b (on for CUDA targets): a
// matrix-vector product (fewer than 8 rows) whose B is constant data in
// [K, N] gets it as [N, K], K innermost, so that each output is a row
// reduction. torch-mlir's transpose of the [N, K] weight and this one
// cancel (canonicalization); other forms fold into the constant.

// CHECK-DAG: #[[A:.+]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[B:.+]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-LABEL: func.func @linear
// CHECK:         %[[W:.+]] = arith.constant dense<{{.*}}> : tensor<32x64xf32>
// CHECK-NOT:     linalg.transpose
// CHECK:         linalg.generic {indexing_maps = [#[[A]], #[[B]], #{{.+}}]
// CHECK-SAME:      ins(%{{.+}}, %[[W]] : tensor<2x64xf32>, tensor<32x64xf32>)
func.func @linear(%x: tensor<2x64xf32>) -> tensor<2x32xf32> {
  %w = arith.constant dense<0.5> : tensor<32x64xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x32xf32>
  %t = tensor.empty() : tensor<64x32xf32>
  %wt = linalg.transpose ins(%w : tensor<32x64xf32>) outs(%t : tensor<64x32xf32>) permutation = [1, 0]
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x32xf32>) -> tensor<2x32xf32>
  %r = linalg.matmul ins(%x, %wt : tensor<2x64xf32>, tensor<64x32xf32>) outs(%f : tensor<2x32xf32>) -> tensor<2x32xf32>
  return %r : tensor<2x32xf32>
}

// -----

// A B computed at run time is left as it is (the transpose would cost as
// much as the product).
// CHECK-LABEL: func.func @argument
// CHECK-NOT:     linalg.transpose
// CHECK:         linalg.matmul
func.func @argument(%x: tensor<2x64xf32>, %w: tensor<64x32xf32>) -> tensor<2x32xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x32xf32>) -> tensor<2x32xf32>
  %r = linalg.matmul ins(%x, %w : tensor<2x64xf32>, tensor<64x32xf32>) outs(%f : tensor<2x32xf32>) -> tensor<2x32xf32>
  return %r : tensor<2x32xf32>
}

// -----

// Eight rows and more are matrix products: a constant B stays [K, N].
// CHECK-LABEL: func.func @rows
// CHECK-NOT:     linalg.transpose
// CHECK:         linalg.matmul
func.func @rows(%x: tensor<8x64xf32>) -> tensor<8x32xf32> {
  %w = arith.constant dense<0.5> : tensor<64x32xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x32xf32>) -> tensor<8x32xf32>
  %r = linalg.matmul ins(%x, %w : tensor<8x64xf32>, tensor<64x32xf32>) outs(%f : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %r : tensor<8x32xf32>
}
