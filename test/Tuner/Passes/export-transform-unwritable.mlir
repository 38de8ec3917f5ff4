// RUN: not tuner-opt %s --sched-export-transform="output=%t.missing/dir/lib.mlir" 2>&1 | FileCheck %s

// CHECK: error: cannot write the transform library to '{{.*}}.missing/dir/lib.mlir': {{.*}}No such file or directory
module attributes {sched.target = #sched.target<kind = cpu, cores = 2, vector_bits = 512>} {
  func.func @mm(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
    %0 = linalg.matmul {sched.config = #sched.config<sketch = "cpu.fallback", knobs = {p1 = 4}>} ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
    return %0 : tensor<8x8xf32>
  }
}
