// RUN: tuner-opt %s --split-input-file --sched-apply-default="target=cpu:avx512:2t" --verify-diagnostics | FileCheck %s

// An op no specialized sketch can schedule (booleans: LLVM packs vectors of
// i1 but not buffers of them) gets the safe fallback schedule, with a remark
// saying why the others did not take it; never no schedule, never a crash.
// CHECK-LABEL: func.func @booleans
// CHECK:         linalg.generic {{.*}}sched.config = #sched.config<sketch = "cpu.fallback", knobs = {p1 = 8}>
func.func @booleans(%a: tensor<16x8xf32>, %b: tensor<16x8xf32>) -> tensor<16x8xi1> {
  %e = tensor.empty() : tensor<16x8xi1>
  // expected-remark @+1 {{no specialized sketch applies to this op; it gets the schedule of 'cpu.fallback' (tiled over threads, not vectorized)}}
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<16x8xf32>, tensor<16x8xf32>) outs(%e : tensor<16x8xi1>) {
  ^bb0(%x: f32, %y: f32, %o: i1):
    %c = arith.cmpf olt, %x, %y : f32
    linalg.yield %c : i1
  } -> tensor<16x8xi1>
  return %r : tensor<16x8xi1>
}

// -----

// A gather (tensor.extract at indices the op computes: resizes, embedding
// lookups) vectorizes: vector.gather, or vector loads where the indices are
// contiguous along the vector.
// CHECK-LABEL: func.func @gather2d
// CHECK:         linalg.generic {{.*}}sched.config = #sched.config<sketch = "cpu.elementwise"
func.func @gather2d(%t: tensor<100x100xf32>, %idx: tensor<16x8xi32>) -> tensor<16x8xf32> {
  %e = tensor.empty() : tensor<16x8xf32>
  %c99 = arith.constant 99 : i32
  %c0 = arith.constant 0 : i32
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%idx : tensor<16x8xi32>) outs(%e : tensor<16x8xf32>) {
  ^bb0(%v: i32, %o: f32):
    %a = arith.maxsi %v, %c0 : i32
    %b = arith.minsi %a, %c99 : i32
    %i = arith.index_cast %b : i32 to index
    %j = linalg.index 1 : index
    %x = tensor.extract %t[%i, %j] : tensor<100x100xf32>
    linalg.yield %x : f32
  } -> tensor<16x8xf32>
  return %r : tensor<16x8xf32>
}
