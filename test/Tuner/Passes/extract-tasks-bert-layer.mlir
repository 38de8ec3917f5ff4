// A BERT-base encoder layer: the Q, K and V projections are one task of
// weight 3; the output projection, the same matmul with another epilogue
// (bias + residual), is a task of its own; 8 anchor tasks in all
// (examples/models/README.md lists them). With every op scheduled, the head
// transposes (two of one shape: a task of weight 2) and the softmax's exp
// and division make 5 tasks more.
// RUN: tuner-opt %examples/models/bert_base_layer.mlir --sched-extract-tasks="prepare=false all-ops=false task-list=%t.json" | FileCheck %s
// RUN: %PYTHON -c "import json,sys; t=json.load(open(sys.argv[1]))['tasks']; assert len(t)==8 and sorted(x['weight'] for x in t)==[1]*7+[3], t" %t.json
// RUN: tuner-opt %examples/models/bert_base_layer.mlir --sched-extract-tasks="prepare=false task-list=%t.all.json" -o /dev/null
// RUN: %PYTHON -c "import json,sys; t=json.load(open(sys.argv[1]))['tasks']; c=[x['class'] for x in t]; assert len(t)==13 and c.count('contraction')==6 and c.count('reduction')==2 and c.count('transpose')==1 and c.count('elementwise')==4, c" %t.all.json
// Prepared (the default), the bias adds and the scales fuse into the head
// transposes and the softmax steps: the four 768x768 projections become one
// task of weight 4, the exponential joins the row sum; 12 tasks.
// RUN: tuner-opt %examples/models/bert_base_layer.mlir --sched-extract-tasks="task-list=%t.prep.json" -o /dev/null
// RUN: %PYTHON -c "import json,sys; t=json.load(open(sys.argv[1]))['tasks']; c=[x['class'] for x in t]; w=[x['weight'] for x in t if x['name']=='matmul_128x768x768']; assert len(t)==12 and c.count('contraction')==5 and c.count('reduction')==2 and c.count('elementwise')==5 and w==[4], (c, w)" %t.prep.json

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
