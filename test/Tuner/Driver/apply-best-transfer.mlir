// sched-apply-best transfer=true: a task without records takes the best
// config of the nearest recorded task of the same op, adapted to its shape.
// The records come from a fake-measured run on a 64x256x128 matmul.
// RUN: rm -f %t.db
// RUN: tuner-test-opt %S/Inputs/matmul_64x256x128.mlir --tuner-tune="target=cpu:avx512:2t measure=fake policy=random trials=8 seed=1 database=%t.db progress=off" -o /dev/null
// RUN: tuner-opt %s --sched-apply-best="database=%t.db target=cpu:avx512:2t transfer=true" 2>&1 | FileCheck %s
// With a cost model saved beside the database (a search that trains one)
// and use-model=true, the model ranks the adaptations and the default
// config on the new task; by default the nearest task's best is taken.
// (That search measures AVX-512 code, as does the run below: only on a
// host that has it.)
// RUN: %if host-avx512f %{ rm -f %t.m.db %t.m.db.model.json %}
// RUN: %if host-avx512f %{ tuner-opt %S/Inputs/matmul_64x256x128.mlir --tuner-tune="target=cpu:avx512:2t policy=evolutionary trials=24 batch-size=12 repeats=2 seed=1 database=%t.m.db progress=off" -o /dev/null %}
// RUN: %if host-avx512f %{ test -f %t.m.db.model.json %}
// RUN: %if host-avx512f %{ tuner-opt %s --sched-apply-best="database=%t.m.db target=cpu:avx512:2t transfer=true use-model=true" 2>&1 | FileCheck %s --check-prefix=MODEL %}
// RUN: %if host-avx512f %{ tuner-opt %s --sched-apply-best="database=%t.m.db target=cpu:avx512:2t transfer=true" 2>&1 | FileCheck %s --check-prefix=NO-MODEL %}
// Without transfer nothing is annotated.
// RUN: tuner-opt %s --sched-apply-best="database=%t.db target=cpu:avx512:2t" 2>&1 | FileCheck %s --check-prefix=NONE
// The transferred config is legal for its shape: it materializes, lowers
// and computes what the program computes.
// RUN: tuner-opt %s --sched-apply-best="database=%t.db target=cpu:avx512:2t transfer=true" --sched-materialize --tuner-lower-cpu -o %t.ll.mlir
// RUN: %if host-avx512f %{ tuner-run %t.ll.mlir --reference=%s --repeats=1 | FileCheck %s --check-prefix=EXEC %}

// CHECK: remark: sched-apply-best: no record of its own; transferred the config of task 'matmul_64x256x128' (key {{[0-9a-f]+}}, shape distance 2.00, its config #1)
// CHECK: warning: sched-apply-best: no valid record for task 'reduce_4x8'
// CHECK: remark: sched-apply-best: 0 tasks from their own records, 1 by transfer, 0 kept their default (the cost model's choice), 1 without a config
// CHECK: linalg.matmul {sched.config = #sched.config<sketch = "cpu.{{[a-z_]+}}", knobs = {{.*}}>}
// CHECK-NOT: sched.config

// MODEL: remark: sched-apply-best: no record of its own; {{(transferred the config of task 'matmul_64x256x128' .* ranked first of [0-9]+ \(the default included\) by the database's cost model|kept the default config: the database's cost model ranks it above the [0-9]+ transferred configs)}}
// NO-MODEL: remark: sched-apply-best: no record of its own; transferred the config of task 'matmul_64x256x128' (key {{[0-9a-f]+}}, shape distance 2.00, its config #{{[0-9]+}}){{$}}

// NONE: warning: sched-apply-best: no valid record for task 'matmul_96x192x128'
// NONE-NOT: sched.config

// EXEC: reference: match
func.func @dst(%a: tensor<96x128xf32>, %b: tensor<128x192xf32>, %x: tensor<4x8xf32>) -> (tensor<96x192xf32>, tensor<4xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<96x192xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<96x192xf32>) -> tensor<96x192xf32>
  %m = linalg.matmul ins(%a, %b : tensor<96x128xf32>, tensor<128x192xf32>) outs(%f : tensor<96x192xf32>) -> tensor<96x192xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.reduce ins(%x : tensor<4x8xf32>) outs(%f2 : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %m, %r : tensor<96x192xf32>, tensor<4xf32>
}
