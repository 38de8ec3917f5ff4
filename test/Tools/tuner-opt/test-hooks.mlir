// The test hooks (test/lib) live in tuner-test-opt only: from the installed
// tuner-opt, no IR, option or database record reaches them.
//
// A config naming a test sketch is an unknown sketch.
// RUN: tuner-opt %s --split-input-file --sched-materialize --verify-diagnostics
//
// The fault-injection transform op does not parse.
// RUN: not tuner-opt %S/Inputs/test-fault-op.mlir 2>&1 | FileCheck %s --check-prefix=OP
// OP: error: custom op 'transform.sched.test_fault' is unknown
//
// The fake measurer is not a measurer, nor is a test sketch a sketch.
// RUN: not tuner-opt %s --split-input-file --tuner-tune="measure=fake" 2>&1 | FileCheck %s --check-prefix=FAKE
// FAKE: error: tuner-tune: unknown measure 'fake'; available: real
// RUN: not tuner-opt %s --split-input-file --tuner-tune="sketches=test.fault trials=1" 2>&1 | FileCheck %s --check-prefix=SKETCH
// SKETCH: error: tuner-tune: unknown sketch 'test.fault'
//
// A database record naming a test sketch (written by tuner-test-opt) is
// reported and skipped by sched-apply-best.
// RUN: rm -f %t.db
// RUN: tuner-test-opt %S/Inputs/matmul-16.mlir --tuner-tune="target=cpu:avx512:1t measure=fake sketches=test.fault trials=1 database=%t.db progress=off" -o /dev/null
// RUN: tuner-opt %S/Inputs/matmul-16.mlir --sched-apply-best="database=%t.db target=cpu:avx512:1t" 2>&1 | FileCheck %s --check-prefix=RECORD
// RECORD: warning: sched-apply-best: the record on line 1 of database '{{.*}}' does not fit this task's space (unknown sketch 'test.fault'); trying the next best
// RECORD: warning: sched-apply-best: no valid record for task
// RECORD-NOT: sched.config

func.func @f(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  // expected-error @+1 {{unknown sketch 'test.fault'}}
  %0 = linalg.matmul {sched.config = #sched.config<sketch = "test.fault", knobs = {kind = "none"}>} ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// -----

func.func @g(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  // expected-error @+1 {{unknown sketch 'test.fail_to_apply'}}
  %0 = linalg.matmul {sched.config = #sched.config<sketch = "test.fail_to_apply", knobs = {x = 2}>} ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}
