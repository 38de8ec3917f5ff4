// Task extraction on examples/workloads/attention_bmm.mlir (a copy of
// ../shared/workloads): one task, fused with linalg.fill.
// RUN: tuner-opt %examples/workloads/attention_bmm.mlir --sched-extract-tasks | FileCheck %s
// RUN: tuner-opt %examples/workloads/attention_bmm.mlir --sched-extract-tasks="task-list=-" -o /dev/null | FileCheck %s --check-prefix=JSON

// CHECK:      linalg.batch_matmul {{.*}}sched.task = #sched.task<key = "{{[0-9a-f]+}}", weight = 1, flops = 25165824>
// CHECK-NOT:  sched.task
// JSON:       "anchor": "linalg.batch_matmul",
// JSON:       "name": "batch_matmul_12x128x128x64",
// JSON:       "weight": 1
