// RUN: tuner-opt %s --tuner-decompose-aggregates --split-input-file | FileCheck %s

// linalg.softmax becomes the linalg ops it stands for.
// CHECK-LABEL: func.func @softmax
// CHECK-NOT: linalg.softmax
// CHECK: linalg.generic
// CHECK: arith.maxnumf
// CHECK: math.exp
// CHECK: arith.divf
func.func @softmax(%x: tensor<4x32xf32>) -> tensor<4x32xf32> {
  %e = tensor.empty() : tensor<4x32xf32>
  %r = linalg.softmax dimension(1) ins(%x : tensor<4x32xf32>) outs(%e : tensor<4x32xf32>) -> tensor<4x32xf32>
  return %r : tensor<4x32xf32>
}

// -----

// Elementwise ops on whole tensors become linalg.generic ops; a select with
// a tensor condition would not bufferize otherwise.
// CHECK-LABEL: func.func @tensor_arith
// CHECK-NOT: arith.addf {{.*}} : tensor
// CHECK-NOT: arith.select {{.*}} : tensor
// CHECK: linalg.generic
// CHECK: arith.addf {{.*}} : f32
// CHECK: linalg.generic
// CHECK: arith.cmpf
// CHECK: linalg.generic
// CHECK: arith.select {{.*}} : f32
func.func @tensor_arith(%a: tensor<4x6xf32>, %b: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %s = arith.addf %a, %b : tensor<4x6xf32>
  %c = arith.cmpf ogt, %s, %b : tensor<4x6xf32>
  %r = arith.select %c, %s, %b : tensor<4x6xi1>, tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

// -----

// Aggregates on buffers are left alone (their decompositions build tensors).
// CHECK-LABEL: func.func @softmax_buffers
// CHECK: linalg.softmax
func.func @softmax_buffers(%x: memref<4x32xf32>, %y: memref<4x32xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<4x32xf32>) outs(%y : memref<4x32xf32>)
  return
}
