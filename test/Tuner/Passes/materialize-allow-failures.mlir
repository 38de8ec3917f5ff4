// RUN: tuner-test-opt %s --allow-unregistered-dialect --sched-materialize=allow-failures --verify-diagnostics | FileCheck %s
// RUN: not tuner-test-opt %s --sched-materialize=target=gpu 2>&1 | FileCheck %s --check-prefix=TARGET

// With allow-failures, a config that cannot be applied is a warning and the
// op stays as it was (tiled by nothing), while the others are scheduled.
// CHECK-LABEL: func.func @mixed
// CHECK:         %[[A:.*]] = linalg.matmul {sched.config = #sched.config<sketch = "test.fail_to_apply", knobs = {x = 2}>} ins
// CHECK:         scf.forall
// CHECK:           linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<8x16xf32>, tensor<16x16xf32>)
// TARGET: error: unknown target 'gpu'
module attributes {sched.target = #sched.target<kind = cpu, cores = 2, vector_bits = 512>} {
  func.func @mixed(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
    // expected-warning @+1 {{sketch 'test.fail_to_apply' failed to apply}}
    %0 = linalg.matmul {sched.config = #sched.config<sketch = "test.fail_to_apply", knobs = {x = 2}>} ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
    %1 = linalg.matmul {sched.config = #sched.config<sketch = "cpu.fallback", knobs = {p1 = 8}>} ins(%0, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
    return %1 : tensor<16x16xf32>
  }
}
