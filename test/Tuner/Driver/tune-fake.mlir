// The driver's logic with the fake measurer (a deterministic cost from the
// knobs, no building): budgets, database, report, annotation.
// RUN: rm -f %t.db %t.json
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:2t measure=fake policy=random trials=10 batch-size=4 seed=3 database=%t.db report=%t.json progress=off" | FileCheck %s
// RUN: %PYTHON %S/Inputs/check_db.py %t.db --lines 10 --tasks 2
// RUN: FileCheck %s --check-prefix=REPORT --input-file=%t.json
// RUN: FileCheck %s --check-prefix=FAKE --input-file=%t.db

// Fake costs are marked as such in every record.
// FAKE-COUNT-10: "tool":"mlir-tuner {{[^"]*}} (fake measurer)"
// FAKE-NOT: "tool"

// Same seed, same candidates, same result.
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:2t measure=fake policy=random trials=10 batch-size=4 seed=3 progress=off" > %t.a.mlir
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:2t measure=fake policy=random trials=10 batch-size=4 seed=3 progress=off" > %t.b.mlir
// RUN: diff %t.a.mlir %t.b.mlir

// per-task-trials caps each task; the total stays below trials.
// RUN: rm -f %t.cap.db
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:2t measure=fake policy=random trials=100 per-task-trials=3 database=%t.cap.db progress=off" -o /dev/null
// RUN: %PYTHON %S/Inputs/check_db.py %t.cap.db --lines 6 --per-task 3

// A task the budget gives no trial keeps its default config (a remark says
// so, the report marks it used_default); it is not left unscheduled.
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:2t measure=fake policy=random trials=1 batch-size=1 progress=off report=%t.one.json" 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: FileCheck %s --check-prefix=ONE-REPORT --input-file=%t.one.json
// ONE: remark: tuner-tune: task 'matmul_32x16x64' got no trial; it keeps its default config
// ONE-NOT: warning
// ONE-COUNT-3: linalg.matmul {sched.config = #sched.config<sketch = "cpu.
// ONE-REPORT: "name": "matmul_32x16x64",
// ONE-REPORT: "trials": 0,
// ONE-REPORT: "unscheduled": false,
// ONE-REPORT: "used_default": true,

// The summary table goes to stderr unless progress=off.
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:2t measure=fake policy=random trials=4" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUMMARY

// CHECK: module attributes {sched.target = #sched.target<kind = cpu, arch = "x86-64-v4", cores = 2, vector_bits = 512, features = "avx2,avx512bw,avx512f,avx512vl,fma">}
// CHECK: linalg.matmul {sched.config = #sched.config<sketch = "cpu.{{[a-z_.]+}}", knobs = {{.*}}>, sched.task = #sched.task<key = "{{[0-9a-f]+}}", weight = 2
// CHECK: linalg.matmul {sched.config = #sched.config<sketch = "cpu.{{[a-z_.]+}}", knobs = {{.*}}>, sched.task = #sched.task<key = "{{[0-9a-f]+}}", weight = 2
// CHECK: linalg.matmul {sched.config = #sched.config<sketch = "cpu.{{[a-z_.]+}}", knobs = {{.*}}>, sched.task = #sched.task<key = "{{[0-9a-f]+}}", weight = 1

// REPORT: "errors": 0,
// REPORT: "policy": "random",
// REPORT: "target": "cpu:x86-64-v4",
// REPORT: "tasks": [
// REPORT:   "default_s": {{[0-9.e-]+}},
// Round robin, batches of at most 4 and at most a fair share of what is
// left: 4 + 4, then 1 + 1.
// REPORT:   "name": "matmul_32x64x64",
// REPORT:   "trials": 5,
// REPORT:   "weight": 2
// REPORT:   "name": "matmul_32x16x64",
// REPORT:   "trials": 5,
// REPORT: "trials": 10

// SUMMARY: mlir-tuner: 4 trials in {{.*}} s (build {{.*}} s, run {{.*}} s), 0 errors, policy random, target cpu:x86-64-v4
// SUMMARY: task key weight trials errors untuned ms default ms best ms GFLOP/s speedup share
// SUMMARY: matmul_32x64x64 {{[0-9a-f]+}} 2 2 0
// SUMMARY: matmul_32x16x64 {{[0-9a-f]+}} 1 2 0
// SUMMARY: end to end (sum of weight x time): default {{[0-9.]+}} ms, best {{[0-9.]+}} ms
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
