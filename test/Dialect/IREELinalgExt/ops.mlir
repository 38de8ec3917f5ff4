// RUN: tuner-opt %s | tuner-opt | FileCheck %s
// The forms IREE 3.13 prints its iree_linalg_ext ops in (JAX's cumsum,
// top_k and .at[].add through its StableHLO import) parse, verify and print
// back the same.

// CHECK-LABEL: func.func @scan
// CHECK: iree_linalg_ext.scan dimension(1) inclusive(true) ins(%{{.*}} : tensor<4x33xf32>) outs(%{{.*}}, %{{.*}} : tensor<4x33xf32>, tensor<4xf32>) {
// CHECK: iree_linalg_ext.yield %{{.*}} : f32
func.func @scan(%x: tensor<4x33xf32>, %o: tensor<4x33xf32>, %a: tensor<4xf32>) -> tensor<4x33xf32> {
  %r:2 = iree_linalg_ext.scan dimension(1) inclusive(true) ins(%x : tensor<4x33xf32>) outs(%o, %a : tensor<4x33xf32>, tensor<4xf32>) {
  ^bb0(%acc: f32, %v: f32):
    %s = arith.addf %acc, %v : f32
    iree_linalg_ext.yield %s : f32
  } -> tensor<4x33xf32>, tensor<4xf32>
  return %r#0 : tensor<4x33xf32>
}

// CHECK-LABEL: func.func @scatter
// CHECK: iree_linalg_ext.scatter dimension_map = [0] unique_indices(false) ins(%{{.*}}, %{{.*}} : tensor<4x4xf32>, tensor<4x1xi32>) outs(%{{.*}} : tensor<10x4xf32>)
func.func @scatter(%x: tensor<10x4xf32>, %u: tensor<4x4xf32>, %i: tensor<4x1xi32>) -> tensor<10x4xf32> {
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(false) ins(%u, %i : tensor<4x4xf32>, tensor<4x1xi32>) outs(%x : tensor<10x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %b, %a : f32
    iree_linalg_ext.yield %s : f32
  } -> tensor<10x4xf32>
  return %r : tensor<10x4xf32>
}

// CHECK-LABEL: func.func @sort
// CHECK: iree_linalg_ext.sort dimension(1) outs(%{{.*}} : tensor<4x20xf32>)
func.func @sort(%x: tensor<4x20xf32>) -> tensor<4x20xf32> {
  %r = iree_linalg_ext.sort dimension(1) outs(%x : tensor<4x20xf32>) {
  ^bb0(%a: f32, %b: f32):
    %gt = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %gt : i1
  } -> tensor<4x20xf32>
  return %r : tensor<4x20xf32>
}

// CHECK-LABEL: func.func @arg_compare
// CHECK: iree_linalg_ext.arg_compare dimension(1) ins(%{{.*}} : tensor<16x100xf32>) outs(%{{.*}}, %{{.*}} : tensor<16xf32>, tensor<16xi32>)
func.func @arg_compare(%x: tensor<16x100xf32>, %v: tensor<16xf32>, %i: tensor<16xi32>) -> (tensor<16xf32>, tensor<16xi32>) {
  %r:2 = iree_linalg_ext.arg_compare dimension(1) ins(%x : tensor<16x100xf32>) outs(%v, %i : tensor<16xf32>, tensor<16xi32>) {
  ^bb0(%a: f32, %b: f32):
    %gt = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %gt : i1
  } -> tensor<16xf32>, tensor<16xi32>
  return %r#0, %r#1 : tensor<16xf32>, tensor<16xi32>
}
