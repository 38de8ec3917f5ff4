// Task extraction on examples/workloads/bert_base_ffn1_bias_relu.mlir (a copy of
// ../shared/workloads): one task, fused with linalg.fill and linalg.generic.
// RUN: tuner-opt %examples/workloads/bert_base_ffn1_bias_relu.mlir --sched-extract-tasks | FileCheck %s
// RUN: tuner-opt %examples/workloads/bert_base_ffn1_bias_relu.mlir --sched-extract-tasks="task-list=-" -o /dev/null | FileCheck %s --check-prefix=JSON

// CHECK:      linalg.matmul {{.*}}sched.task = #sched.task<key = "{{[0-9a-f]+}}", weight = 1, flops = 604766208>
// CHECK-NOT:  sched.task
// JSON:       "anchor": "linalg.matmul",
// JSON:       "name": "matmul_128x3072x768_fused1",
// JSON:       "weight": 1
