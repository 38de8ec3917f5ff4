// Multi-result reductions (argmax: the maximum and its index): no vectorizing
// sketch takes them, the fallback does, and its schedules compute what the
// program computes: by default, and every candidate a search measures.
// RUN: split-file %s %t
// RUN: tuner-opt %t/rows.mlir --sched-apply-default | FileCheck %s --check-prefix=FALLBACK
// RUN: tuner-opt %t/rows.mlir --sched-apply-default --sched-materialize -o %t/rows.s.mlir
// RUN: tuner-run %t/rows.s.mlir --reference=%t/rows.mlir --repeats=1 | FileCheck %s
// RUN: rm -f %t/rows.db
// RUN: tuner-opt %t/rows.mlir --tuner-tune="target=host trials=6 verify-all=true repeats=1 min-repeat-ms=0 drift-check=false final-validation=0 database=%t/rows.db progress=off" -o %t/rows.t.mlir
// RUN: not grep WRONG_ANSWER %t/rows.db
// RUN: tuner-run %t/rows.t.mlir --reference=%t/rows.mlir --repeats=1 | FileCheck %s
// RUN: tuner-opt %t/cols.mlir --sched-apply-default | FileCheck %s --check-prefix=FALLBACK
// RUN: tuner-opt %t/cols.mlir --sched-apply-default --sched-materialize -o %t/cols.s.mlir
// RUN: tuner-run %t/cols.s.mlir --reference=%t/cols.mlir --repeats=1 | FileCheck %s
// RUN: rm -f %t/cols.db
// RUN: tuner-opt %t/cols.mlir --tuner-tune="target=host trials=6 verify-all=true repeats=1 min-repeat-ms=0 drift-check=false final-validation=0 database=%t/cols.db progress=off" -o %t/cols.t.mlir
// RUN: not grep WRONG_ANSWER %t/cols.db
// RUN: tuner-run %t/cols.t.mlir --reference=%t/cols.mlir --repeats=1 | FileCheck %s
// A fused producer kept as a first result written through the reduction
// loop ((d1, d0), d1 the reduction: JAX's bilinear resize as IREE imports
// it): the fallbacks tiled that loop over threads, each thread summing its
// own rows into the shared result (572 of 576 elements wrong). They tile
// the parallel loop d0 now; on the GPU it is the only loop mapped.
// RUN: tuner-opt %t/through.mlir --sched-apply-default --sched-materialize -o %t/through.s.mlir
// RUN: tuner-run %t/through.s.mlir --reference=%t/through.mlir --repeats=1 | FileCheck %s
// RUN: rm -f %t/through.db
// RUN: tuner-opt %t/through.mlir --tuner-tune="target=host trials=6 verify-all=true repeats=1 min-repeat-ms=0 drift-check=false final-validation=0 database=%t/through.db progress=off" -o %t/through.t.mlir
// RUN: not grep WRONG_ANSWER %t/through.db
// RUN: tuner-run %t/through.t.mlir --reference=%t/through.mlir --repeats=1 | FileCheck %s
// RUN: tuner-opt %t/through.mlir --sched-apply-default=target=cuda:sm_90 | FileCheck %s --check-prefix=GPU
// FALLBACK: linalg.generic {{.*}}sched.config = #sched.config<sketch = "cpu.fallback"
// GPU: sched.config = #sched.config<sketch = "gpu.fallback", knobs = {b0 = {{[0-9]+}}}>
// CHECK: reference: match

//--- rows.mlir
func.func @argmax_rows(%a: tensor<4x8x100xf32>) -> (tensor<4x8xi32>) {
  %e0 = tensor.empty() : tensor<4x8xf32>
  %e1 = tensor.empty() : tensor<4x8xi32>
  %ninf = arith.constant 0xFF800000 : f32
  %z = arith.constant 0 : i32
  %f0 = linalg.fill ins(%ninf : f32) outs(%e0 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %f1 = linalg.fill ins(%z : i32) outs(%e1 : tensor<4x8xi32>) -> tensor<4x8xi32>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a : tensor<4x8x100xf32>) outs(%f0, %f1 : tensor<4x8xf32>, tensor<4x8xi32>) {
  ^bb0(%x: f32, %m: f32, %idx: i32):
    %i = linalg.index 2 : index
    %ii = arith.index_cast %i : index to i32
    %gt = arith.cmpf ogt, %x, %m : f32
    %nm = arith.select %gt, %x, %m : f32
    %ni = arith.select %gt, %ii, %idx : i32
    linalg.yield %nm, %ni : f32, i32
  } -> (tensor<4x8xf32>, tensor<4x8xi32>)
  %e2 = tensor.empty() : tensor<4x8xi32>
  %c = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%r#1 : tensor<4x8xi32>) outs(%e2 : tensor<4x8xi32>) {
  ^bb0(%x: i32, %o: i32):
    %one = arith.constant 1 : i32
    %y = arith.addi %x, %one : i32
    linalg.yield %y : i32
  } -> tensor<4x8xi32>
  return %c : tensor<4x8xi32>
}

//--- cols.mlir
func.func @argmax_cols(%a: tensor<100x16xf32>, %m0: tensor<16xf32>, %i0: tensor<16xi64>) -> tensor<16xi64> {
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%a : tensor<100x16xf32>) outs(%m0, %i0 : tensor<16xf32>, tensor<16xi64>) {
  ^bb0(%x: f32, %m: f32, %idx: i64):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i64
    %gt = arith.cmpf ogt, %x, %m : f32
    %nm = arith.select %gt, %x, %m : f32
    %ni = arith.select %gt, %ii, %idx : i64
    linalg.yield %nm, %ni : f32, i64
  } -> (tensor<16xf32>, tensor<16xi64>)
  return %r#1 : tensor<16xi64>
}

//--- through.mlir
func.func @weights_and_sums(%x: tensor<12xf32>) -> (tensor<5x12xf32>, tensor<12xf32>) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e0 = tensor.empty() : tensor<5x12xf32>
  %e1 = tensor.empty() : tensor<12xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<12xf32>) -> tensor<12xf32>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<12xf32>) outs(%e0, %f1 : tensor<5x12xf32>, tensor<12xf32>) {
  ^bb0(%in: f32, %w: f32, %acc: f32):
    %i = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %d = arith.subf %in, %fi : f32
    %a = math.absf %d : f32
    %t = arith.subf %one, %a : f32
    %m = arith.maximumf %t, %zero : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %t, %s : f32, f32
  } -> (tensor<5x12xf32>, tensor<12xf32>)
  return %r#0, %r#1 : tensor<5x12xf32>, tensor<12xf32>
}
