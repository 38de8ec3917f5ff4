// A BERT-base encoder layer: the Q, K and V projections are one task of
// weight 3; the output projection, the same matmul with another epilogue
// (bias + residual), is a task of its own; 8 tasks in all (examples/models/
// README.md lists them).
// RUN: tuner-opt %examples/models/bert_base_layer.mlir --sched-extract-tasks="task-list=%t.json" | FileCheck %s
// RUN: %PYTHON -c "import json,sys; t=json.load(open(sys.argv[1]))['tasks']; assert len(t)==8 and sorted(x['weight'] for x in t)==[1]*7+[3], t" %t.json

// CHECK-COUNT-3: linalg.matmul {sched.task = #sched.task<key = "[[QKV:[0-9a-f]+]]", weight = 3, flops = 151191552>}
// CHECK:         linalg.batch_matmul {sched.task = #sched.task<key = "{{[0-9a-f]+}}", weight = 1, flops = 25362432>}
// CHECK:         sched.task = #sched.task<key = "[[MAX:[0-9a-f]+]]", weight = 1, flops = 196608>
// CHECK-NOT:     key = "[[MAX]]"
// CHECK:         sched.task = #sched.task<key = "{{[0-9a-f]+}}", weight = 1, flops = 196608>
// CHECK:         linalg.batch_matmul {sched.task = #sched.task<key = "{{[0-9a-f]+}}", weight = 1, flops = 25165824>}
// CHECK-NOT:     key = "[[QKV]]"
// CHECK:         linalg.matmul {sched.task = #sched.task<key = "{{[0-9a-f]+}}", weight = 1, flops = 151191552>}
// CHECK:         linalg.matmul {sched.task = #sched.task<key = "{{[0-9a-f]+}}", weight = 1, flops = 607911936>}
// CHECK:         linalg.matmul {sched.task = #sched.task<key = "{{[0-9a-f]+}}", weight = 1, flops = 604176384>}
