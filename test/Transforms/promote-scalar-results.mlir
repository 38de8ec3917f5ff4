// RUN: tuner-opt %s --tuner-promote-scalar-results --split-input-file | FileCheck %s
// RUN: tuner-opt %s --tuner-promote-scalar-results --canonicalize --split-input-file | FileCheck %s --check-prefix=CANON

// A full reduction (its fill too) and the arithmetic on its value: each op
// gets a leading loop of one iteration over its expanded init, and collapses
// its result back to 0-d; the index of the reduction loop moves one place in.

// CHECK-LABEL: func.func @sum_then_scale
// CHECK:       %[[E:.*]] = tensor.empty() : tensor<f32>
// CHECK:       %[[FE:.*]] = tensor.expand_shape %[[E]] [] output_shape [1] : tensor<f32> into tensor<1xf32>
// CHECK:       %[[F1:.*]] = linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%{{.*}} : f32) outs(%[[FE]] : tensor<1xf32>)
// CHECK:       %[[F:.*]] = tensor.collapse_shape %[[F1]] [] : tensor<1xf32> into tensor<f32>
// CHECK:       %[[SE:.*]] = tensor.expand_shape %[[F]] [] output_shape [1]
// CHECK:       %[[S1:.*]] = linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}], iterator_types = ["parallel", "reduction", "reduction"]} ins(%{{.*}} : tensor<13x7xf32>) outs(%[[SE]] : tensor<1xf32>)
// CHECK:         linalg.index 2
// CHECK:       %[[S:.*]] = tensor.collapse_shape %[[S1]] []
// CHECK:       %[[M1:.*]] = linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%[[S]] : tensor<f32>) outs(%{{.*}} : tensor<1xf32>)
// CHECK:       %[[M:.*]] = tensor.collapse_shape %[[M1]] [] : tensor<1xf32> into tensor<f32>
// CHECK:       return %[[M]] : tensor<f32>

// Canonicalization folds the reshapes between the fill and the reduction.
// CANON-LABEL: func.func @sum_then_scale
// CANON:       %[[F:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<1xf32>)
// CANON:       linalg.generic {{.*}} outs(%[[F]] : tensor<1xf32>)
func.func @sum_then_scale(%x: tensor<13x7xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%x : tensor<13x7xf32>) outs(%f : tensor<f32>) {
  ^bb0(%in: f32, %acc: f32):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %w = arith.mulf %in, %jf : f32
    %a = arith.addf %w, %acc : f32
    linalg.yield %a : f32
  } -> tensor<f32>
  %m = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%s : tensor<f32>) outs(%e : tensor<f32>) {
  ^bb0(%in: f32, %out: f32):
    %h = arith.mulf %in, %in : f32
    linalg.yield %h : f32
  } -> tensor<f32>
  return %m : tensor<f32>
}

// -----

// Ops with a result of rank 1 or more, and ops on buffers, are left alone.

// CHECK-LABEL: func.func @not_scalar
// CHECK-NOT:   tensor.expand_shape
// CHECK:       linalg.reduce
// CHECK-NOT:   tensor.collapse_shape
func.func @not_scalar(%x: tensor<13x7xf32>, %init: tensor<13xf32>, %b: memref<4xf32>, %o: memref<f32>) -> tensor<13xf32> {
  %r = linalg.reduce ins(%x : tensor<13x7xf32>) outs(%init : tensor<13xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %a = arith.addf %in, %acc : f32
      linalg.yield %a : f32
    }
  linalg.reduce ins(%b : memref<4xf32>) outs(%o : memref<f32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %a = arith.addf %in, %acc : f32
      linalg.yield %a : f32
    }
  return %r : tensor<13xf32>
}
