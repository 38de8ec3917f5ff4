// RUN: tuner-opt %s --tuner-convert-frontend-ops --split-input-file --verify-diagnostics | FileCheck %s

// A load of a constant ml_program global becomes an arith.constant of its
// value; the private global, now unused, is dropped. A mutable global and
// its loads are left alone.

// CHECK-LABEL: module
// CHECK-NOT:   ml_program.global private @w
// CHECK:       ml_program.global private mutable @state
// CHECK-LABEL: func.func @weights
// CHECK:       %[[W:.*]] = arith.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
// CHECK:       linalg.matmul ins(%arg0, %[[W]] : tensor<4x2xf32>, tensor<2x2xf32>)
// CHECK:       ml_program.global_load @state
module {
  ml_program.global private @w(dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>) : tensor<2x2xf32>
  ml_program.global private mutable @state(dense<0.0> : tensor<4x2xf32>) : tensor<4x2xf32>
  func.func @weights(%a: tensor<4x2xf32>) -> (tensor<4x2xf32>, tensor<4x2xf32>) {
    %w = ml_program.global_load_const @w : tensor<2x2xf32>
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<4x2xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
    %m = linalg.matmul ins(%a, %w : tensor<4x2xf32>, tensor<2x2xf32>) outs(%f : tensor<4x2xf32>) -> tensor<4x2xf32>
    %s = ml_program.global_load @state : tensor<4x2xf32>
    return %m, %s : tensor<4x2xf32>, tensor<4x2xf32>
  }
}

// -----

// TOSA ops go through upstream's conversions to linalg, tensor and arith.

// CHECK-LABEL: func.func @tosa
// CHECK-NOT:   tosa.
// CHECK:       linalg.batch_matmul
// CHECK:       linalg.generic
// CHECK:         arith.addf
// CHECK:       tensor.collapse_shape
func.func @tosa(%m: tensor<1x16x32xf32>, %n: tensor<1x32x8xf32>, %b: tensor<1x16x8xf32>) -> tensor<16x8xf32> {
  %z = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %mm = tosa.matmul %m, %n, %z, %z : (tensor<1x16x32xf32>, tensor<1x32x8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x8xf32>
  %a = tosa.add %mm, %b : (tensor<1x16x8xf32>, tensor<1x16x8xf32>) -> tensor<1x16x8xf32>
  %s = tosa.const_shape {values = dense<[16, 8]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %r = tosa.reshape %a, %s : (tensor<1x16x8xf32>, !tosa.shape<2>) -> tensor<16x8xf32>
  return %r : tensor<16x8xf32>
}

// -----

// torch-mlir's tm_tensor ops. attention: linalg ops (the scores, scaled,
// a softmax, the product with V), which the sketches schedule.
// CHECK-LABEL: func.func @tm_attention
// CHECK-NOT: tm_tensor
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// CHECK: arith.mulf
// CHECK: arith.constant 0.17677669
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel"]
// CHECK: linalg.softmax dimension(2)
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "reduction"]
func.func @tm_attention(%q: tensor<2x16x32xf32>, %k: tensor<2x24x32xf32>, %v: tensor<2x24x8xf32>) -> tensor<2x16x8xf32> {
  %e = tensor.empty() : tensor<2x16x8xf32>
  %r = tm_tensor.attention ins(%q, %k, %v : tensor<2x16x32xf32>, tensor<2x24x32xf32>, tensor<2x24x8xf32>) outs(%e : tensor<2x16x8xf32>) -> tensor<2x16x8xf32>
  return %r : tensor<2x16x8xf32>
}

// -----

// scan: an scf.forall over the lines (the other dimension), each on its
// slices of the output and the accumulator; the scanned dimension peeled
// (output[0] = input[0]) and then a loop carrying the running value through
// the inlined region; the accumulator written once, with the last value.
// CHECK-LABEL: func.func @tm_scan
// CHECK-NOT: tm_tensor
// CHECK: scf.forall (%[[L:.*]]) in (%{{.*}}) shared_outs(%[[O:.*]] = %{{.*}}, %[[A:.*]] = %{{.*}}) -> (tensor<4x37xf32>, tensor<4xf32>)
// CHECK: %[[OL:.*]] = tensor.extract_slice %[[O]][%[[L]], %{{.*}}] [1, %{{.*}}] [1, 1]
// CHECK: %[[AL:.*]] = tensor.extract_slice %[[A]][%[[L]]] [1] [1]
// CHECK: scf.if
// CHECK: %[[X0:.*]] = tensor.extract %{{.*}}[%[[L]], %c0{{.*}}] : tensor<4x37xf32>
// CHECK: tensor.insert %[[X0]] into %[[OL]]
// CHECK: %[[LOOP:.*]]:2 = scf.for {{.*}} iter_args({{.*}}) -> (tensor<1x?xf32>, f32)
// CHECK: arith.addf
// CHECK: tensor.insert
// CHECK: %[[LAST:.*]] = arith.select %{{.*}}, %[[LOOP]]#1
// CHECK: tensor.insert %[[LAST]] into %[[AL]]
// CHECK: scf.forall.in_parallel
// CHECK-NEXT: tensor.parallel_insert_slice %{{.*}} into %[[O]][%[[L]], %{{.*}}] [1, %{{.*}}] [1, 1]
// CHECK-NEXT: tensor.parallel_insert_slice %{{.*}} into %[[A]][%[[L]]] [1] [1]
func.func @tm_scan(%x: tensor<4x37xf32>, %o: tensor<4x37xf32>, %a: tensor<4xf32>) -> tensor<4x37xf32> {
  %r:2 = tm_tensor.scan dimension(1) inclusive(true) ins(%x : tensor<4x37xf32>) outs(%o, %a : tensor<4x37xf32>, tensor<4xf32>) {
  ^bb0(%acc: f32, %v: f32):
    %s = arith.addf %acc, %v : f32
    tm_tensor.yield %s : f32
  } -> tensor<4x37xf32>, tensor<4xf32>
  return %r#0 : tensor<4x37xf32>
}

// -----

// scatter of rows: an scf.forall over the columns (no index moves them:
// two columns never meet), each on its column of the original, looping over
// the updates in order; the index read, cast and added.
// CHECK-LABEL: func.func @tm_scatter
// CHECK-NOT: tm_tensor
// CHECK: scf.forall (%[[C:.*]]) in (%{{.*}}) shared_outs(%[[O:.*]] = %{{.*}}) -> (tensor<10x6xf32>)
// CHECK: %[[COL:.*]] = tensor.extract_slice %[[O]][0, %[[C]]] [%{{.*}}, 1] [1, 1]
// CHECK: scf.for %[[U:.*]] = {{.*}} iter_args(%[[A:.*]] = %[[COL]])
// CHECK: tensor.extract %{{.*}}[%[[U]], %[[C]]] : tensor<5x6xf32>
// CHECK: %[[RAW:.*]] = tensor.extract %{{.*}}[%[[U]], %{{.*}}] : tensor<5x1xi32>
// CHECK: %[[ROW:.*]] = arith.index_cast %[[RAW]] : i32 to index
// CHECK: arith.addf
// CHECK: tensor.insert %{{.*}} into %[[A]][%[[ROW]], %c0
// CHECK: tensor.parallel_insert_slice
func.func @tm_scatter(%x: tensor<10x6xf32>, %v: tensor<5x6xf32>, %i: tensor<5x1xi32>) -> tensor<10x6xf32> {
  %r = tm_tensor.scatter {dimension_map = array<i64: 0>} unique_indices(false) ins(%v, %i : tensor<5x6xf32>, tensor<5x1xi32>) outs(%x : tensor<10x6xf32>) {
  ^bb0(%upd: f32, %orig: f32):
    %s = arith.addf %orig, %upd : f32
    tm_tensor.yield %s : f32
  } -> tensor<10x6xf32>
  return %r : tensor<10x6xf32>
}

// -----

// tosa.scatter, which upstream's conversion leaves: loops over (n, w, c)
// inserting input[n, w, c] at values[n, indices[n, w], c].
// CHECK-LABEL: func.func @tosa_scatter
// CHECK-NOT: tosa.scatter
// CHECK: scf.for %[[N:[a-z0-9_]+]] =
// CHECK: scf.for %[[W:[a-z0-9_]+]] =
// CHECK: scf.for %[[C:[a-z0-9_]+]] =
// CHECK: %[[RAW:.*]] = tensor.extract %{{.*}}[%[[N]], %[[W]]] : tensor<2x3xi32>
// CHECK: %[[K:.*]] = arith.index_cast %[[RAW]] : i32 to index
// CHECK: %[[V:.*]] = tensor.extract %{{.*}}[%[[N]], %[[W]], %[[C]]] : tensor<2x3x4xf32>
// CHECK: tensor.insert %[[V]] into %{{.*}}[%[[N]], %[[K]], %[[C]]] : tensor<2x9x4xf32>
func.func @tosa_scatter(%values: tensor<2x9x4xf32>, %idx: tensor<2x3xi32>, %input: tensor<2x3x4xf32>) -> tensor<2x9x4xf32> {
  %r = tosa.scatter %values, %idx, %input : (tensor<2x9x4xf32>, tensor<2x3xi32>, tensor<2x3x4xf32>) -> tensor<2x9x4xf32>
  return %r : tensor<2x9x4xf32>
}

// -----

// sort: a merge sort per line of a permutation (positions, in an scf.forall
// over the lines; a tensor twice the extent along the sorted dimension, the
// second half the merges' scratch) comparing the output's elements at its
// positions; then the output gathered in that order.
// CHECK-LABEL: func.func @tm_sort
// CHECK-SAME: (%[[X:.*]]: tensor<3x29xf32>)
// CHECK-NOT: tm_tensor
// CHECK: %[[P:.*]] = bufferization.alloc_tensor() : tensor<3x58xi64>
// CHECK: %[[S:.*]] = scf.forall (%[[L:.*]]) in (%{{.*}}) shared_outs(%[[O:.*]] = %[[P]]) -> (tensor<3x58xi64>)
// CHECK: tensor.extract_slice %[[O]][%[[L]], %{{.*}}] [1, %{{.*}}] [1, 1]
// CHECK: scf.for
// CHECK: arith.index_cast %{{.*}} : index to i64
// CHECK: scf.if
// CHECK: %[[RIGHT:.*]] = tensor.extract %[[X]][%[[L]], %{{.*}}] : tensor<3x29xf32>
// CHECK: %[[LEFT:.*]] = tensor.extract %[[X]][%[[L]], %{{.*}}] : tensor<3x29xf32>
// CHECK: arith.cmpf olt, %[[RIGHT]], %[[LEFT]]
// CHECK: scf.forall.in_parallel
// CHECK: %[[POS:.*]] = tensor.extract_slice %[[S]][0, 0] [3, 29] [1, 1] : tensor<3x58xi64> to tensor<3x29xi64>
// CHECK: linalg.generic {{.*}} ins(%[[POS]] : tensor<3x29xi64>)
// CHECK: tensor.extract %[[X]]
func.func @tm_sort(%x: tensor<3x29xf32>) -> tensor<3x29xf32> {
  %r = tm_tensor.sort dimension(1) outs(%x : tensor<3x29xf32>) {
  ^bb0(%a: f32, %b: f32):
    %lt = arith.cmpf olt, %a, %b : f32
    tm_tensor.yield %lt : i1
  } -> tensor<3x29xf32>
  return %r : tensor<3x29xf32>
}
