// A 5-layer MLP whose 4 hidden layers are identical: 2 tasks, weights 1 and
// 4, adding up to the number of layers.
// RUN: tuner-opt %examples/models/mlp_5layer.mlir --sched-extract-tasks="task-list=%t.json" | FileCheck %s
// RUN: %PYTHON -c "import json,sys; t=json.load(open(sys.argv[1]))['tasks']; assert len(t)==2 and sorted(x['weight'] for x in t)==[1,4], t" %t.json

// CHECK:     linalg.matmul {sched.task = #sched.task<key = "[[FIRST:[0-9a-f]+]]", weight = 1, flops = 4227072>}
// CHECK-NOT: key = "[[FIRST]]"
// CHECK-COUNT-4: linalg.matmul {sched.task = #sched.task<key = "[[HIDDEN:[0-9a-f]+]]", weight = 4, flops = 8421376>}
// CHECK-NOT: sched.task
