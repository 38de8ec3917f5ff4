// Task extraction on examples/workloads/matmul_512.mlir (a copy of
// ../shared/workloads): one task, fused with linalg.fill.
// RUN: tuner-opt %examples/workloads/matmul_512.mlir --sched-extract-tasks | FileCheck %s
// RUN: tuner-opt %examples/workloads/matmul_512.mlir --sched-extract-tasks="task-list=-" -o /dev/null | FileCheck %s --check-prefix=JSON

// CHECK:      linalg.matmul {{.*}}sched.task = #sched.task<key = "{{[0-9a-f]+}}", weight = 1, flops = 268435456>
// CHECK-NOT:  sched.task
// JSON:       "anchor": "linalg.matmul",
// JSON:       "name": "matmul_512x512x512",
// JSON:       "weight": 1
