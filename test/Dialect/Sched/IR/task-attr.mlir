// RUN: tuner-opt %s | FileCheck %s
// RUN: tuner-opt %s | tuner-opt | FileCheck %s

// CHECK-LABEL: func @task
// CHECK: linalg.matmul {sched.task = #sched.task<key = "0123456789abcdef", weight = 3, flops = 1024>}
func.func @task(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = linalg.matmul {sched.task = #sched.task<key = "0123456789abcdef", weight = 3, flops = 1024>}
      ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
