// RUN: tuner-opt %s --split-input-file --tuner-hoist-insert-destinations | FileCheck %s

// The padded buffer is computed before the producer of the inserted
// value, so that the producer can write into its interior.
// CHECK-LABEL: func.func @after_producer
// CHECK:         %[[F:.*]] = linalg.fill
// CHECK:         %[[R:.*]] = linalg.generic
// CHECK:         tensor.insert_slice %[[R]] into %[[F]]
func.func @after_producer(%x: tensor<8x16xf32>) -> tensor<10x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  } -> tensor<8x16xf32>
  %pe = tensor.empty() : tensor<10x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%pe : tensor<10x16xf32>) -> tensor<10x16xf32>
  %p = tensor.insert_slice %r into %f[1, 0] [8, 16] [1, 1] : tensor<8x16xf32> into tensor<10x16xf32>
  return %p : tensor<10x16xf32>
}

// -----

// Two insertions into one (CSE-merged) fill each get their own copy of it.
// CHECK-LABEL: func.func @shared
// CHECK:         %[[F1:.*]] = linalg.fill
// CHECK:         %[[F2:.*]] = linalg.fill
// CHECK:         tensor.insert_slice %{{.*}} into %[[F2]]
// CHECK:         tensor.insert_slice %{{.*}} into %[[F1]]
func.func @shared(%x: tensor<8x16xf32>, %y: tensor<8x16xf32>) -> (tensor<10x16xf32>, tensor<10x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %pe = tensor.empty() : tensor<10x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%pe : tensor<10x16xf32>) -> tensor<10x16xf32>
  %p = tensor.insert_slice %x into %f[1, 0] [8, 16] [1, 1] : tensor<8x16xf32> into tensor<10x16xf32>
  %q = tensor.insert_slice %y into %f[1, 0] [8, 16] [1, 1] : tensor<8x16xf32> into tensor<10x16xf32>
  return %p, %q : tensor<10x16xf32>, tensor<10x16xf32>
}

// -----

// An insertion inside a loop keeps its loop-carried destination.
// CHECK-LABEL: func.func @in_loop
// CHECK:         scf.for {{.*}} iter_args(%[[ACC:.*]] =
// CHECK:           tensor.insert_slice %{{.*}} into %[[ACC]]
func.func @in_loop(%x: tensor<4xf32>, %init: tensor<16xf32>) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %r = scf.for %i = %c0 to %c16 step %c4 iter_args(%acc = %init) -> tensor<16xf32> {
    %u = tensor.insert_slice %x into %acc[%i] [4] [1] : tensor<4xf32> into tensor<16xf32>
    scf.yield %u : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}
