// tuner-tune transfer-from: a task without records of its own measures the
// adaptations of a similar recorded task's best configs first, right after
// its default config; the report says how many tasks were seeded and what
// the transferred configs gave against the default before any search.
// RUN: rm -f %t.donor.db %t.db
// RUN: tuner-test-opt %S/Inputs/matmul_64x256x128.mlir --tuner-tune="target=cpu:avx512:2t measure=fake policy=random trials=12 seed=1 database=%t.donor.db progress=off" -o /dev/null
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:2t measure=fake policy=random trials=10 batch-size=8 transfer-from=%t.donor.db transfer-seeds=3 database=%t.db report=%t.json progress=off" -o /dev/null
// RUN: FileCheck %s --input-file=%t.json
// Ten trials in all: the matmul's first round is its default and the 3 seeds.
// RUN: %PYTHON %S/Inputs/check_db.py %t.db --lines 10 --tasks 2
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:2t measure=fake policy=random trials=10 transfer-from=%t.donor.db" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUMMARY
// A missing donor database is an error.
// RUN: not tuner-test-opt %s --tuner-tune="measure=fake transfer-from=%t.missing.db" 2>&1 | FileCheck %s --check-prefix=MISSING

// CHECK:      "tasks": [
// CHECK:        "name": "matmul_96x192x128",
// CHECK:        "transfer_s": {{[0-9.e-]+}},
// CHECK-NEXT:   "transfer_seeds": 3,
// CHECK:        "name": "reduce_4x8",
// CHECK:        "transfer_s": null,
// CHECK-NEXT:   "transfer_seeds": 0,
// CHECK:      "transfer_latency_s": {{[0-9.e-]+}},
// CHECK-NEXT: "transfer_tasks": 1,

// SUMMARY: transfer: 1 of 2 tasks seeded; the faster of default and transferred configs {{[0-9.]+}} ms ({{[0-9.]+}}x over default) before the search

// MISSING: error: tuner-tune: transfer-from: {{.*}}missing.db
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
