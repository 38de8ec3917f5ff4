// RUN: tuner-opt %s --sched-strip | FileCheck %s
// RUN: tuner-opt %s --sched-strip="keep-configs=true" | FileCheck %s --check-prefix=KEEP

// CHECK-NOT: sched.
// KEEP-NOT:  sched.task
// KEEP-NOT:  sched.target
// KEEP:      linalg.matmul {sched.config = #sched.config<sketch = "cpu.matmul", knobs = {m1 = 8}>}
// KEEP-NOT:  sched.task
module attributes {sched.target = #sched.target<kind = cpu, cores = 2, vector_bits = 512>} {
  func.func @mm(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
    %0 = linalg.matmul {sched.task = #sched.task<key = "ab", weight = 1, flops = 1024>, sched.config = #sched.config<sketch = "cpu.matmul", knobs = {m1 = 8}>}
        ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
    return %0 : tensor<8x8xf32>
  }
}
