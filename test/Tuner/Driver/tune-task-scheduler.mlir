// task-scheduler: which task gets the next round, on the fake measurer.
// RUN: rm -f %t.db %t.json
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:2t measure=fake policy=random trials=24 batch-size=2 seed=5 task-scheduler=gradient database=%t.db report=%t.json progress=off" | FileCheck %s
// RUN: %PYTHON %S/Inputs/check_db.py %t.db --lines 24 --tasks 2
// RUN: FileCheck %s --check-prefix=REPORT --input-file=%t.json

// The same seed, the same rounds.
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:2t measure=fake policy=random trials=24 batch-size=2 seed=5 task-scheduler=gradient progress=off" > %t.a.mlir
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:2t measure=fake policy=random trials=24 batch-size=2 seed=5 task-scheduler=gradient progress=off" > %t.b.mlir
// RUN: diff %t.a.mlir %t.b.mlir

// The default is round-robin, in the report too.
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:2t measure=fake policy=random trials=8 batch-size=2 report=%t.rr.json progress=off" -o /dev/null
// RUN: FileCheck %s --check-prefix=RR --input-file=%t.rr.json

// Bad names and options are errors before anything is measured.
// RUN: not tuner-test-opt %s --tuner-tune="measure=fake task-scheduler=fifo" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not tuner-test-opt %s --tuner-tune="measure=fake task-scheduler=gradient task-scheduler-options=alpha=3,gamma=1" 2>&1 | FileCheck %s --check-prefix=OPTION

// CHECK: linalg.matmul {sched.config = #sched.config<{{.*}}>, sched.task = #sched.task<key = "{{[0-9a-f]+}}", weight = 2
// CHECK: linalg.matmul {sched.config = #sched.config<{{.*}}>, sched.task = #sched.task<key = "{{[0-9a-f]+}}", weight = 1

// Every task had its warm-up round; 12 rounds of 2 in all.
// REPORT: "task_scheduler": "gradient",
// REPORT: "name": "matmul_32x64x64",
// REPORT: "rounds": {{[1-9][0-9]*}},
// REPORT: "name": "matmul_32x16x64",
// REPORT: "rounds": {{[1-9][0-9]*}},
// REPORT: "trials": 24

// RR: "task_scheduler": "round-robin",
// RR: "rounds": 2,
// RR: "rounds": 2,

// UNKNOWN: error: tuner-tune: unknown task scheduler 'fifo' (known: round-robin, gradient)
// OPTION: error: tuner-tune: task scheduler 'gradient': 'alpha' must be a number in [0, 1] (got '3'); unknown option 'gamma'; known: alpha, beta, eps-greedy, warmup-rounds, window
func.func @model(%x: tensor<32x64xf32>, %w: tensor<64x64xf32>, %v: tensor<64x16xf32>) -> tensor<32x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x64xf32>) -> tensor<32x64xf32>
  %h0 = linalg.matmul ins(%x, %w : tensor<32x64xf32>, tensor<64x64xf32>) outs(%f : tensor<32x64xf32>) -> tensor<32x64xf32>
  %h1 = linalg.matmul ins(%h0, %w : tensor<32x64xf32>, tensor<64x64xf32>) outs(%f : tensor<32x64xf32>) -> tensor<32x64xf32>
  %e2 = tensor.empty() : tensor<32x16xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<32x16xf32>) -> tensor<32x16xf32>
  %y = linalg.matmul ins(%h1, %v : tensor<32x64xf32>, tensor<64x16xf32>) outs(%f2 : tensor<32x16xf32>) -> tensor<32x16xf32>
  return %y : tensor<32x16xf32>
}
