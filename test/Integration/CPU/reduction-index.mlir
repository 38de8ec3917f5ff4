// A reduction whose payload reads the index of its reduced loop: cpu.reduction
// splits an inner reduction with tile_reduction_using_for, whose split op
// sees the index restart at every tile (a sum of x * i computed garbage), so
// the sketch does not take it and the fallback schedules it; an outer
// reduction (tiled and vectorized whole) keeps cpu.reduction. Both compute
// what the program computes.
// RUN: split-file %s %t
// RUN: tuner-opt %t/inner.mlir --sched-apply-default 2>&1 | FileCheck %s --check-prefix=INNER
// INNER: cpu.reduction: the payload reads the index of a reduction loop (linalg.index), which splitting the reduction does not keep
// INNER: sched.config = #sched.config<sketch = "cpu.fallback"
// RUN: tuner-opt %t/inner.mlir --sched-apply-default --sched-materialize -o %t/inner.s.mlir
// RUN: tuner-run %t/inner.s.mlir --reference=%t/inner.mlir --repeats=1 | FileCheck %s --check-prefix=MATCH
// RUN: tuner-opt %t/outer.mlir --sched-apply-default | FileCheck %s --check-prefix=OUTER
// OUTER: sched.config = #sched.config<sketch = "cpu.reduction"
// RUN: tuner-opt %t/outer.mlir --sched-apply-default --sched-materialize -o %t/outer.s.mlir
// RUN: tuner-run %t/outer.s.mlir --reference=%t/outer.mlir --repeats=1 | FileCheck %s --check-prefix=MATCH
// Every candidate the search measures is checked, and none is wrong.
// RUN: rm -f %t/db
// RUN: tuner-opt %t/outer.mlir --tuner-tune="target=host trials=8 verify-all=true repeats=1 min-repeat-ms=0 drift-check=false final-validation=0 database=%t/db progress=off" -o /dev/null
// RUN: not grep WRONG_ANSWER %t/db
// MATCH: reference: match

//--- inner.mlir
func.func @weighted_sum(%a: tensor<8x100xf32>) -> tensor<8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<8x100xf32>) outs(%f : tensor<8xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %k = linalg.index 1 : index
    %ki = arith.index_cast %k : index to i64
    %kf = arith.sitofp %ki : i64 to f32
    %m = arith.mulf %x, %kf : f32
    %s = arith.addf %m, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

//--- outer.mlir
func.func @weighted_sum(%a: tensor<100x40xf32>) -> tensor<40xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<40xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<40xf32>) -> tensor<40xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(k, j) -> (k, j)>, affine_map<(k, j) -> (j)>], iterator_types = ["reduction", "parallel"]} ins(%a : tensor<100x40xf32>) outs(%f : tensor<40xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %k = linalg.index 0 : index
    %j = linalg.index 1 : index
    %kj = arith.addi %k, %j : index
    %ki = arith.index_cast %kj : index to i64
    %kf = arith.sitofp %ki : i64 to f32
    %m = arith.mulf %x, %kf : f32
    %s = arith.addf %m, %acc : f32
    linalg.yield %s : f32
  } -> tensor<40xf32>
  return %r : tensor<40xf32>
}
