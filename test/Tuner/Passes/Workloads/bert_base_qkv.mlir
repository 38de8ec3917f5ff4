// Task extraction on examples/workloads/bert_base_qkv.mlir (a copy of
// ../shared/workloads): one task, fused with linalg.fill.
// RUN: tuner-opt %examples/workloads/bert_base_qkv.mlir --sched-extract-tasks | FileCheck %s
// RUN: tuner-opt %examples/workloads/bert_base_qkv.mlir --sched-extract-tasks="task-list=-" -o /dev/null | FileCheck %s --check-prefix=JSON

// CHECK:      linalg.matmul {{.*}}sched.task = #sched.task<key = "{{[0-9a-f]+}}", weight = 1, flops = 150994944>
// CHECK-NOT:  sched.task
// JSON:       "anchor": "linalg.matmul",
// JSON:       "name": "matmul_128x768x768",
// JSON:       "weight": 1
