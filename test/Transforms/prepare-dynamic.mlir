// RUN: tuner-opt %s --tuner-prepare --split-input-file | FileCheck %s

// Rewrites of tuner-prepare on dynamic shapes: the tensors they create take
// their dynamic sizes from the values they replace (each created a
// tensor.empty of dynamic type without sizes, which crashed the
// canonicalization after it; found in IREE's pattern tests).

// A quantized convolution on a dynamic batch and image: the input minus its
// zero point is as large as the input.
// CHECK-LABEL: func.func @conv_q
// CHECK-DAG:     %[[N:.*]] = tensor.dim %{{.*}}, %c0 : tensor<?x?x?x5xi8>
// CHECK-DAG:     %[[H:.*]] = tensor.dim %{{.*}}, %c1 : tensor<?x?x?x5xi8>
// CHECK-DAG:     %[[W:.*]] = tensor.dim %{{.*}}, %c2 : tensor<?x?x?x5xi8>
// CHECK:         tensor.empty(%[[N]], %[[H]], %[[W]]) : tensor<?x?x?x5xi32>
// CHECK:         linalg.conv_2d_nhwc_hwcf
func.func @conv_q(%arg0: tensor<?x?x?x5xi8>, %arg1: tensor<3x4x5x16xi8>, %arg2: tensor<?x?x?x16xi32>) -> tensor<?x?x?x16xi32> {
  %iZp = arith.constant 3 : i32
  %fZp = arith.constant 0 : i32
  %0 = linalg.conv_2d_nhwc_hwcf_q {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg0, %arg1, %iZp, %fZp : tensor<?x?x?x5xi8>, tensor<3x4x5x16xi8>, i32, i32) outs(%arg2 : tensor<?x?x?x16xi32>) -> tensor<?x?x?x16xi32>
  return %0 : tensor<?x?x?x16xi32>
}

// -----

// A quantized matmul of dynamic rows: the row sums of A and the corrected
// product have its rows.
// CHECK-LABEL: func.func @matmul_q
// CHECK:         linalg.matmul
// CHECK:         %[[M:.*]] = tensor.dim %{{.*}}, %c0 : tensor<?x64xi8>
// CHECK:         tensor.empty(%[[M]]) : tensor<?xi32>
// CHECK:         tensor.empty(%{{.*}}) : tensor<?x32xi32>
func.func @matmul_q(%a: tensor<?x64xi8>, %b: tensor<64x32xi8>, %c: tensor<?x32xi32>) -> tensor<?x32xi32> {
  %za = arith.constant 1 : i32
  %zb = arith.constant 2 : i32
  %0 = linalg.quantized_matmul ins(%a, %b, %za, %zb : tensor<?x64xi8>, tensor<64x32xi8>, i32, i32) outs(%c : tensor<?x32xi32>) -> tensor<?x32xi32>
  return %0 : tensor<?x32xi32>
}
