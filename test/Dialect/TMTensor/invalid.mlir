// RUN: tuner-opt %s --split-input-file --verify-diagnostics

func.func @scan_dimension(%x: tensor<4x37xf32>, %o: tensor<4x37xf32>, %a: tensor<4xf32>) {
  // expected-error @+1 {{'tm_tensor.scan' op dimension 2 is out of range}}
  %r:2 = tm_tensor.scan dimension(2) inclusive(true) ins(%x : tensor<4x37xf32>) outs(%o, %a : tensor<4x37xf32>, tensor<4xf32>) {
  ^bb0(%acc: f32, %v: f32):
    tm_tensor.yield %acc : f32
  } -> tensor<4x37xf32>, tensor<4xf32>
  return
}

// -----

func.func @scan_accumulator(%x: tensor<4x37xf32>, %o: tensor<4x37xf32>, %a: tensor<37xf32>) {
  // expected-error @+1 {{'tm_tensor.scan' op expected the accumulator of the input's shape without the scanned dimension}}
  %r:2 = tm_tensor.scan dimension(1) inclusive(true) ins(%x : tensor<4x37xf32>) outs(%o, %a : tensor<4x37xf32>, tensor<37xf32>) {
  ^bb0(%acc: f32, %v: f32):
    tm_tensor.yield %acc : f32
  } -> tensor<4x37xf32>, tensor<37xf32>
  return
}

// -----

func.func @scatter_depth(%x: tensor<10x6xf32>, %v: tensor<5x6xf32>, %i: tensor<5x2xi32>) {
  // expected-error @+1 {{'tm_tensor.scatter' op expected a dimension map of 2 entries}}
  %r = tm_tensor.scatter {dimension_map = array<i64: 0>} unique_indices(true) ins(%v, %i : tensor<5x6xf32>, tensor<5x2xi32>) outs(%x : tensor<10x6xf32>) {
  ^bb0(%upd: f32, %orig: f32):
    tm_tensor.yield %upd : f32
  } -> tensor<10x6xf32>
  return
}

// -----

func.func @scatter_updates(%x: tensor<10x6xf32>, %v: tensor<4x6xf32>, %i: tensor<5x1xi32>) {
  // expected-error @+1 {{'tm_tensor.scatter' op expected as many updates as indices}}
  %r = tm_tensor.scatter {dimension_map = array<i64: 0>} unique_indices(true) ins(%v, %i : tensor<4x6xf32>, tensor<5x1xi32>) outs(%x : tensor<10x6xf32>) {
  ^bb0(%upd: f32, %orig: f32):
    tm_tensor.yield %upd : f32
  } -> tensor<10x6xf32>
  return
}

// -----

func.func @sort_region(%x: tensor<8xf32>) {
  // expected-error @+1 {{'tm_tensor.sort' op expected the region to yield 'i1'}}
  %r = tm_tensor.sort dimension(0) outs(%x : tensor<8xf32>) {
  ^bb0(%a: f32, %b: f32):
    tm_tensor.yield %a : f32
  } -> tensor<8xf32>
  return
}

// -----

func.func @topk_outputs(%x: tensor<4x50xf32>, %v: tensor<4x5xf32>, %i: tensor<4x6xi64>) {
  // expected-error @+1 {{'tm_tensor.topk' op expected outputs of the values' rank and type, and integer indices}}
  %r:2 = tm_tensor.topk dimension(1) ins(%x : tensor<4x50xf32>) outs(%v, %i : tensor<4x5xf32>, tensor<4x6xi64>) {
  ^bb0(%a: f32, %b: f32):
    %gt = arith.cmpf ogt, %a, %b : f32
    tm_tensor.yield %gt : i1
  } -> tensor<4x5xf32>, tensor<4x6xi64>
  return
}

// -----

func.func @attention_shapes(%q: tensor<2x16x32xf32>, %k: tensor<2x24x16xf32>, %v: tensor<2x24x8xf32>, %o: tensor<2x16x8xf32>) {
  // expected-error @+1 {{'tm_tensor.attention' op expected Q [..., L, d], K [..., S, d], V [..., S, e] and an output [..., L, e]}}
  %r = tm_tensor.attention ins(%q, %k, %v : tensor<2x16x32xf32>, tensor<2x24x16xf32>, tensor<2x24x8xf32>) outs(%o : tensor<2x16x8xf32>) -> tensor<2x16x8xf32>
  return
}
