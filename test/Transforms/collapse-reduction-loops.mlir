// RUN: tuner-opt %s --tuner-collapse-reduction-loops | FileCheck %s

// CHECK-DAG: #[[ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[T2:.*]] = affine_map<(d0, d1) -> (d1, d0)>

// A group norm's sum over 16 channels x 81 pixels per group: one loop of
// 1296, the input viewed as [4, 1296].
// CHECK-LABEL: func.func @group_sum
// CHECK:       %[[C:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0], [1, 2]] : tensor<4x16x81xf32> into tensor<4x1296xf32>
// CHECK:       linalg.generic {indexing_maps = [#[[ID2]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%[[C]] : tensor<4x1296xf32>) outs(%{{.*}} : tensor<4xf32>)
func.func @group_sum(%x: tensor<4x16x81xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]} ins(%x : tensor<4x16x81xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %a = arith.addf %in, %acc : f32
    linalg.yield %a : f32
  } -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// A channels-last pooling's sum over the pixels: the two pixel loops are
// one run of the input's leading dimensions; the reduction stays outer in
// the input (a column reduction).
// CHECK-LABEL: func.func @pool_nhwc
// CHECK:       %[[C:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2]] : tensor<16x16x32xf32> into tensor<256x32xf32>
// CHECK:       linalg.generic {indexing_maps = [#[[T2]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%[[C]] : tensor<256x32xf32>)
func.func @pool_nhwc(%x: tensor<16x16x32xf32>, %init: tensor<32xf32>) -> tensor<32xf32> {
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2, d0)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]} ins(%x : tensor<16x16x32xf32>) outs(%init : tensor<32xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %a = arith.addf %in, %acc : f32
    linalg.yield %a : f32
  } -> tensor<32xf32>
  return %s : tensor<32xf32>
}

// The indices of the collapsed loops are recovered from the new one.
// CHECK-LABEL: func.func @indexed
// CHECK:       tensor.collapse_shape %{{.*}} {{\[}}[0], [1, 2]] : tensor<1x13x7xf32> into tensor<1x91xf32>
// CHECK:       %[[I:.*]] = linalg.index 1 : index
// CHECK:       arith.remsi %[[I]], %{{.*}} : index
func.func @indexed(%x: tensor<1x13x7xf32>, %init: tensor<1xf32>) -> tensor<1xf32> {
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]} ins(%x : tensor<1x13x7xf32>) outs(%init : tensor<1xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %j = linalg.index 2 : index
    %ji = arith.index_cast %j : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %w = arith.mulf %in, %jf : f32
    %a = arith.addf %w, %acc : f32
    linalg.yield %a : f32
  } -> tensor<1xf32>
  return %s : tensor<1xf32>
}

// An operand reads the two reduction loops in the other order: unchanged.
// CHECK-LABEL: func.func @out_of_order
// CHECK-NOT:   tensor.collapse_shape
// CHECK:       iterator_types = ["parallel", "reduction", "reduction"]
func.func @out_of_order(%x: tensor<4x16x81xf32>, %y: tensor<4x81x16xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2, d1)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]} ins(%x, %y : tensor<4x16x81xf32>, tensor<4x81x16xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%in: f32, %in2: f32, %acc: f32):
    %m = arith.mulf %in, %in2 : f32
    %a = arith.addf %m, %acc : f32
    linalg.yield %a : f32
  } -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// Reduction loops that are not adjacent: unchanged.
// CHECK-LABEL: func.func @apart
// CHECK-NOT:   tensor.collapse_shape
// CHECK:       iterator_types = ["reduction", "parallel", "reduction"]
func.func @apart(%x: tensor<4x16x81xf32>, %init: tensor<16xf32>) -> tensor<16xf32> {
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d1)>], iterator_types = ["reduction", "parallel", "reduction"]} ins(%x : tensor<4x16x81xf32>) outs(%init : tensor<16xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %a = arith.addf %in, %acc : f32
    linalg.yield %a : f32
  } -> tensor<16xf32>
  return %s : tensor<16xf32>
}

// Three reduction loops, the last one also read alone by a broadcast
// operand: only the first two form a run.
// CHECK-LABEL: func.func @three_of_four
// CHECK:       tensor.collapse_shape %{{.*}} {{\[}}[0], [1, 2], [3]] : tensor<2x3x4x5xf32> into tensor<2x12x5xf32>
// CHECK:       iterator_types = ["parallel", "reduction", "reduction"]
func.func @three_of_four(%x: tensor<2x3x4x5xf32>, %b: tensor<5xf32>, %init: tensor<2xf32>) -> tensor<2xf32> {
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction", "reduction"]} ins(%x, %b : tensor<2x3x4x5xf32>, tensor<5xf32>) outs(%init : tensor<2xf32>) {
  ^bb0(%in: f32, %bb: f32, %acc: f32):
    %m = arith.mulf %in, %bb : f32
    %a = arith.addf %m, %acc : f32
    linalg.yield %a : f32
  } -> tensor<2xf32>
  return %s : tensor<2xf32>
}
