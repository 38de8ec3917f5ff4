// RUN: tuner-opt %s | tuner-opt | FileCheck %s
// The forms torch-mlir prints its tm_tensor ops in parse, verify and print
// back the same.

// CHECK-LABEL: func.func @scan
// CHECK: tm_tensor.scan dimension(1) inclusive(true) ins(%{{.*}} : tensor<4x37xf32>) outs(%{{.*}}, %{{.*}} : tensor<4x37xf32>, tensor<4xf32>) {
// CHECK: tm_tensor.yield %{{.*}} : f32
// CHECK: } -> tensor<4x37xf32>, tensor<4xf32>
func.func @scan(%x: tensor<4x37xf32>, %o: tensor<4x37xf32>, %a: tensor<4xf32>) -> tensor<4x37xf32> {
  %r:2 = tm_tensor.scan dimension(1) inclusive(true) ins(%x : tensor<4x37xf32>) outs(%o, %a : tensor<4x37xf32>, tensor<4xf32>) {
  ^bb0(%acc: f32, %v: f32):
    %s = arith.addf %acc, %v : f32
    tm_tensor.yield %s : f32
  } -> tensor<4x37xf32>, tensor<4xf32>
  return %r#0 : tensor<4x37xf32>
}

// CHECK-LABEL: func.func @scatter
// CHECK: tm_tensor.scatter {dimension_map = array<i64: 0>} unique_indices(false) ins(%{{.*}}, %{{.*}} : tensor<5x6xf32>, tensor<5x1xi32>) outs(%{{.*}} : tensor<10x6xf32>)
func.func @scatter(%x: tensor<10x6xf32>, %v: tensor<5x6xf32>, %i: tensor<5x1xi32>) -> tensor<10x6xf32> {
  %r = tm_tensor.scatter {dimension_map = array<i64: 0>} unique_indices(false) ins(%v, %i : tensor<5x6xf32>, tensor<5x1xi32>) outs(%x : tensor<10x6xf32>) {
  ^bb0(%upd: f32, %orig: f32):
    %s = arith.addf %orig, %upd : f32
    tm_tensor.yield %s : f32
  } -> tensor<10x6xf32>
  return %r : tensor<10x6xf32>
}

// CHECK-LABEL: func.func @sort
// CHECK: tm_tensor.sort dimension(0) outs(%{{.*}}, %{{.*}} : tensor<8xf32>, tensor<8xi64>)
func.func @sort(%x: tensor<8xf32>, %i: tensor<8xi64>) -> (tensor<8xf32>, tensor<8xi64>) {
  %r:2 = tm_tensor.sort dimension(0) outs(%x, %i : tensor<8xf32>, tensor<8xi64>) {
  ^bb0(%a: f32, %b: f32, %ia: i64, %ib: i64):
    %lt = arith.cmpf olt, %a, %b : f32
    tm_tensor.yield %lt : i1
  } -> tensor<8xf32>, tensor<8xi64>
  return %r#0, %r#1 : tensor<8xf32>, tensor<8xi64>
}

// CHECK-LABEL: func.func @topk
// CHECK: tm_tensor.topk dimension(1) ins(%{{.*}} : tensor<4x50xf32>) outs(%{{.*}}, %{{.*}} : tensor<4x5xf32>, tensor<4x5xi64>)
func.func @topk(%x: tensor<4x50xf32>, %v: tensor<4x5xf32>, %i: tensor<4x5xi64>) -> (tensor<4x5xf32>, tensor<4x5xi64>) {
  %r:2 = tm_tensor.topk dimension(1) ins(%x : tensor<4x50xf32>) outs(%v, %i : tensor<4x5xf32>, tensor<4x5xi64>) {
  ^bb0(%a: f32, %b: f32):
    %gt = arith.cmpf ogt, %a, %b : f32
    tm_tensor.yield %gt : i1
  } -> tensor<4x5xf32>, tensor<4x5xi64>
  return %r#0, %r#1 : tensor<4x5xf32>, tensor<4x5xi64>
}

// CHECK-LABEL: func.func @attention
// CHECK: tm_tensor.attention ins(%{{.*}}, %{{.*}}, %{{.*}} : tensor<2x16x32xf32>, tensor<2x24x32xf32>, tensor<2x24x8xf32>) outs(%{{.*}} : tensor<2x16x8xf32>) -> tensor<2x16x8xf32>
func.func @attention(%q: tensor<2x16x32xf32>, %k: tensor<2x24x32xf32>, %v: tensor<2x24x8xf32>, %o: tensor<2x16x8xf32>) -> tensor<2x16x8xf32> {
  %r = tm_tensor.attention ins(%q, %k, %v : tensor<2x16x32xf32>, tensor<2x24x32xf32>, tensor<2x24x8xf32>) outs(%o : tensor<2x16x8xf32>) -> tensor<2x16x8xf32>
  return %r : tensor<2x16x8xf32>
}
