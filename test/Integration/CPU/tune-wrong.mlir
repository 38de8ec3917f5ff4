// A config whose outputs failed the check is never written. Here every
// candidate of the task is wrong (test.wrong: one adds 1, one scales by
// 1 + 2^-12, which the old relative check of 1e-3 let through): the op is
// left unscheduled with a warning, the report says so, the module is still
// written, and the exit status (2) says that the tuning wrote nothing useful.
// RUN: rm -f %t.db %t.json %t.mlir
// RUN: %PYTHON %S/Inputs/exit_status.py tuner-test-opt %s --tuner-tune="target=host trials=4 sketches=test.wrong repeats=1 min-repeat-ms=0 drift-check=false final-validation=0 database=%t.db report=%t.json progress=off" -o %t.mlir 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=OUT --input-file=%t.mlir
// RUN: FileCheck %s --check-prefix=REPORT --input-file=%t.json
// RUN: %PYTHON %S/Inputs/fault_codes.py %t.db | FileCheck %s --check-prefix=DB
// Applying the records annotates nothing either.
// RUN: tuner-test-opt %s --sched-apply-best="database=%t.db target=host" 2>&1 | FileCheck %s --check-prefix=APPLY

// CHECK: warning: tuner-tune: no valid, checked config for task 'matmul_32x32x32' (2 trials: 2 wrong answers, 0 other errors): its ops are left unscheduled
// CHECK: warning: tuner-tune: no task got a valid, checked config: the module is written unscheduled, and the exit status is 2
// CHECK: exit 2
// OUT: linalg.matmul
// OUT-NOT: sched.config
// REPORT: "unscheduled": true,
// REPORT: "wrong_answers": 2
// REPORT: "unscheduled_tasks": 1
// DB: wrong_result WRONG_ANSWER
// DB: wrong_small WRONG_ANSWER
// APPLY: warning: sched-apply-best: no valid record for task
// APPLY-NOT: sched.config
func.func @mm(%a: tensor<32x32xf32>, %b: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
  %r = linalg.matmul ins(%a, %b : tensor<32x32xf32>, tensor<32x32xf32>) outs(%f : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}
