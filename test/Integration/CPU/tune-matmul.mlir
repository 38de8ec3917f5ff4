// tuner-tune with real measurement (builders and a runner in worker
// processes): the tuned module materializes, lowers, and computes what the
// untransformed program computes.
// RUN: rm -f %t.db
// RUN: tuner-opt %s --tuner-tune="target=host trials=6 builders=2 repeats=2 min-repeat-ms=5 database=%t.db report=%t.json progress=off" -o %t.tuned.mlir
// RUN: %PYTHON %S/../../Tuner/Driver/Inputs/check_db.py %t.db --lines 6
// RUN: FileCheck %s --input-file=%t.tuned.mlir
// RUN: FileCheck %s --check-prefix=REPORT --input-file=%t.json
// RUN: tuner-opt %t.tuned.mlir --sched-materialize --tuner-lower-cpu -o %t.ll.mlir
// RUN: tuner-run %t.ll.mlir --reference=%s --repeats=1 | FileCheck %s --check-prefix=EXEC

// CHECK: linalg.matmul {sched.config = #sched.config<sketch = "cpu.
// REPORT: "errors": 0,
// REPORT: "trials": 6
// EXEC: reference: match
func.func @mm(%a: tensor<128x64xf32>, %b: tensor<64x128xf32>) -> tensor<128x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  %r = linalg.matmul ins(%a, %b : tensor<128x64xf32>, tensor<64x128xf32>) outs(%f : tensor<128x128xf32>) -> tensor<128x128xf32>
  return %r : tensor<128x128xf32>
}
