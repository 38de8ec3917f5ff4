// RUN: tuner-opt %s --tuner-gpu-register-accumulators --canonicalize | FileCheck %s

// A thread's row of a sum: the accumulator is loaded once, carried through
// the reduction loop, stored once.

// CHECK-LABEL: func.func @row_sum
// CHECK:       gpu.launch
// CHECK:         %[[INIT:.*]] = memref.load %[[S:.*]][%{{.*}}] : memref<1xf32, strided<[1]>>
// CHECK:         %[[SUM:.*]] = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (f32) {
// CHECK:           %[[X:.*]] = memref.load %{{.*}}[%{{.*}}, %[[K]]]
// CHECK:           %[[A:.*]] = arith.addf %[[X]], %[[ACC]] : f32
// CHECK:           scf.yield %[[A]] : f32
// CHECK:         }
// CHECK:         memref.store %[[SUM]], %[[S]][%{{.*}}]
// CHECK-NOT:     linalg.generic
func.func @row_sum(%x: memref<8x96xf32>, %s: memref<8xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    %xs = memref.subview %x[%tx, 0] [1, 96] [1, 1] : memref<8x96xf32> to memref<1x96xf32, strided<[96, 1], offset: ?>>
    %ss = memref.subview %s[%tx] [1] [1] : memref<8xf32> to memref<1xf32, strided<[1], offset: ?>>
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%xs : memref<1x96xf32, strided<[96, 1], offset: ?>>) outs(%ss : memref<1xf32, strided<[1], offset: ?>>) {
    ^bb0(%in: f32, %acc: f32):
      %a = arith.addf %in, %acc : f32
      linalg.yield %a : f32
    }
    gpu.terminator
  }
  return
}

// Two accumulators (an argmax: the maximum and its index, linalg.index
// becoming the loop's induction variable), under a loop over the thread's
// four rows.

// CHECK-LABEL: func.func @argmax
// CHECK:       scf.for %[[R:.*]] = %{{.*}} to %{{.*}} step
// CHECK:         %[[M0:.*]] = memref.load %{{.*}}[%[[R]]] : memref<4xf32>
// CHECK:         %[[I0:.*]] = memref.load %{{.*}}[%[[R]]] : memref<4xi64>
// CHECK:         %[[RES:.*]]:2 = scf.for %[[K:.*]] = {{.*}} iter_args(%[[M:.*]] = %[[M0]], %[[I:.*]] = %[[I0]]) -> (f32, i64) {
// CHECK:           arith.index_cast %[[K]] : index to i64
// CHECK:           scf.yield %{{.*}}, %{{.*}} : f32, i64
// CHECK:         memref.store %[[RES]]#0, %{{.*}}[%[[R]]] : memref<4xf32>
// CHECK:         memref.store %[[RES]]#1, %{{.*}}[%[[R]]] : memref<4xi64>
func.func @argmax(%x: memref<4x100xf32>, %m: memref<4xf32>, %i: memref<4xi64>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : memref<4x100xf32>) outs(%m, %i : memref<4xf32>, memref<4xi64>) {
    ^bb0(%in: f32, %best: f32, %at: i64):
      %k = linalg.index 1 : index
      %ki = arith.index_cast %k : index to i64
      %gt = arith.cmpf ogt, %in, %best : f32
      %nb = arith.select %gt, %in, %best : f32
      %na = arith.select %gt, %ki, %at : i64
      linalg.yield %nb, %na : f32, i64
    }
    gpu.terminator
  }
  return
}

// A named pooling: the window's loops (two reduction loops) nest inside the
// output's, their input indices through affine.apply.

// CHECK-LABEL: func.func @pool
// CHECK:       scf.for
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             %[[P0:.*]] = memref.load %{{.*}} : memref<1x3x3x32xf32>
// CHECK:             %[[P:.*]] = scf.for {{.*}} iter_args(%[[A:.*]] = %[[P0]]) -> (f32) {
// CHECK:               %[[Q:.*]] = scf.for {{.*}} iter_args(%[[B:.*]] = %[[A]]) -> (f32) {
// CHECK:                 affine.apply
// CHECK:                 arith.maximumf %[[B]], %{{.*}} : f32
// CHECK:               scf.yield %[[Q]] : f32
// CHECK:             memref.store %[[P]], %{{.*}} : memref<1x3x3x32xf32>
func.func @pool(%x: memref<1x9x9x32xf32>, %win: memref<3x3xf32>, %s: memref<1x3x3x32xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<3> : tensor<2xi64>}
        ins(%x, %win : memref<1x9x9x32xf32>, memref<3x3xf32>) outs(%s : memref<1x3x3x32xf32>)
    gpu.terminator
  }
  return
}

// Outside a kernel: left to the host lowering.

// CHECK-LABEL: func.func @host
// CHECK:       linalg.generic
func.func @host(%x: memref<8x96xf32>, %s: memref<8xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<8x96xf32>) outs(%s : memref<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %a = arith.addf %in, %acc : f32
    linalg.yield %a : f32
  }
  return
}

// A partial tile: the thread's slice has a dynamic number of rows (0 for
// the threads past the end); the loop over them takes the slice's size.

// CHECK-LABEL: func.func @partial
// CHECK:       %[[N:.*]] = affine.min
// CHECK:       scf.for %[[R:.*]] = %{{.*}} to %[[N]] step
// CHECK:         scf.for {{.*}} iter_args
// CHECK:         memref.store
func.func @partial(%x: memref<13x64xf32>, %s: memref<13xf32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%u = %c4, %v = %c1, %w = %c1) {
    %o = affine.apply affine_map<()[s0] -> (s0 * 4)>()[%tx]
    %n = affine.min affine_map<()[s0] -> (4, -(s0 * 4) + 13)>()[%tx]
    %xs = memref.subview %x[%o, 0] [%n, 64] [1, 1] : memref<13x64xf32> to memref<?x64xf32, strided<[64, 1], offset: ?>>
    %ss = memref.subview %s[%o] [%n] [1] : memref<13xf32> to memref<?xf32, strided<[1], offset: ?>>
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%xs : memref<?x64xf32, strided<[64, 1], offset: ?>>) outs(%ss : memref<?xf32, strided<[1], offset: ?>>) {
    ^bb0(%in: f32, %acc: f32):
      %a = arith.addf %in, %acc : f32
      linalg.yield %a : f32
    }
    gpu.terminator
  }
  return
}
