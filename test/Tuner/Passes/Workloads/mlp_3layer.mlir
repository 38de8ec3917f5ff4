// Task extraction on examples/workloads/mlp_3layer.mlir: three layers of
// different shapes, three tasks with distinct keys, each fused with its fill
// and its bias+relu.
// RUN: tuner-opt %examples/workloads/mlp_3layer.mlir --sched-extract-tasks | FileCheck %s
// RUN: tuner-opt %examples/workloads/mlp_3layer.mlir --sched-extract-tasks="task-list=-" -o /dev/null | FileCheck %s --check-prefix=JSON

// CHECK:     linalg.matmul {sched.task = #sched.task<key = "[[K0:[0-9a-f]+]]", weight = 1, flops = 16842752>}
// CHECK:     linalg.matmul {sched.task = #sched.task<key = "[[K1:[0-9a-f]+]]", weight = 1, flops = 33619968>}
// CHECK-NOT: key = "[[K0]]"
// CHECK:     linalg.matmul {sched.task = #sched.task<key = "[[K2:[0-9a-f]+]]", weight = 1, flops = 8404992>}
// CHECK-NOT: sched.task
// JSON-COUNT-3: "anchor": "linalg.matmul"
// JSON-NOT:     "anchor"
