// RUN: not tuner-opt %s --sched-extract-tasks="task-list=%t.missing/dir/tasks.json" 2>&1 | FileCheck %s

// CHECK: error: cannot write task list '{{.*}}.missing/dir/tasks.json': {{.*}}No such file or directory
func.func @mm(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
