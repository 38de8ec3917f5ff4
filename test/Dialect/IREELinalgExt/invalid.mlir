// RUN: tuner-opt %s --split-input-file --verify-diagnostics

func.func @scatter_map(%x: tensor<10x4xf32>, %u: tensor<4x4xf32>, %i: tensor<4x1xi32>) {
  // expected-error @+1 {{'iree_linalg_ext.scatter' op dimension map is invalid}}
  %r = iree_linalg_ext.scatter dimension_map = [2] unique_indices(true) ins(%u, %i : tensor<4x4xf32>, tensor<4x1xi32>) outs(%x : tensor<10x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    iree_linalg_ext.yield %a : f32
  } -> tensor<10x4xf32>
  return
}

// -----

func.func @sort_outputs(%x: tensor<4x20xf32>, %y: tensor<4x21xi32>) {
  // expected-error @+1 {{'iree_linalg_ext.sort' op expected outputs of one shape}}
  %r:2 = iree_linalg_ext.sort dimension(1) outs(%x, %y : tensor<4x20xf32>, tensor<4x21xi32>) {
  ^bb0(%a: f32, %b: f32, %c: i32, %d: i32):
    %gt = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %gt : i1
  } -> tensor<4x20xf32>, tensor<4x21xi32>
  return
}

// -----

func.func @arg_compare_shapes(%x: tensor<16x100xf32>, %v: tensor<100xf32>, %i: tensor<16xi32>) {
  // expected-error @+1 {{'iree_linalg_ext.arg_compare' op expected values of the input's type and integer indices, of the input's shape without the dimension}}
  %r:2 = iree_linalg_ext.arg_compare dimension(1) ins(%x : tensor<16x100xf32>) outs(%v, %i : tensor<100xf32>, tensor<16xi32>) {
  ^bb0(%a: f32, %b: f32):
    %gt = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %gt : i1
  } -> tensor<100xf32>, tensor<16xi32>
  return
}
