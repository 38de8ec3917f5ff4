// Every file a run writes is a file of its own and none is its input:
// -o, database=, report= and the cost model's file (cost-model-file=, or
// the one saved beside the database) are compared with each other and with
// the input before anything is opened or measured, whatever the spelling
// of the path. Appending to the database that transfer-from= reads is fine.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/in.mlir
// RUN: not tuner-test-opt %t/in.mlir --tuner-tune="measure=fake trials=2 database=%t/db report=%t/./db progress=off" -o %t/out.mlir 2>&1 | FileCheck %s --check-prefix=REPORT-DB
// RUN: not tuner-test-opt %t/in.mlir --tuner-tune="measure=fake cost-model=random policy=evolutionary trials=2 database=%t/db cost-model-file=%t/db progress=off" -o %t/out.mlir 2>&1 | FileCheck %s --check-prefix=MODEL-DB
// RUN: not tuner-test-opt %t/in.mlir --tuner-tune="measure=fake trials=2 database=%t/in.mlir progress=off" -o %t/out.mlir 2>&1 | FileCheck %s --check-prefix=DB-INPUT
// RUN: not tuner-test-opt %t/in.mlir --tuner-tune="measure=fake trials=2 report=%t/../%{t:stem}.tmp/in.mlir progress=off" -o %t/out.mlir 2>&1 | FileCheck %s --check-prefix=REPORT-INPUT
// RUN: not tuner-test-opt %t/in.mlir --tuner-tune="measure=fake trials=2 database=%t/db progress=off" -o %t/db 2>&1 | FileCheck %s --check-prefix=OUT-DB
// RUN: not tuner-test-opt %t/in.mlir --tuner-tune="measure=fake trials=2 report=%t/r.json progress=off" -o %t/r.json 2>&1 | FileCheck %s --check-prefix=OUT-REPORT
// RUN: not tuner-test-opt %t/in.mlir --tuner-tune="measure=fake cost-model=random policy=evolutionary trials=2 database=%t/db report=%t/db.model.json progress=off" -o %t/out.mlir 2>&1 | FileCheck %s --check-prefix=REPORT-MODEL
// Nothing was written or changed.
// RUN: test ! -e %t/db && test ! -e %t/r.json && test ! -e %t/out.mlir
// RUN: diff %s %t/in.mlir
// A database that is also transfer-from is fine; so is -o to stdout.
// RUN: tuner-test-opt %t/in.mlir --tuner-tune="measure=fake trials=2 database=%t/db2 progress=off" -o /dev/null
// RUN: tuner-test-opt %t/in.mlir --tuner-tune="measure=fake trials=2 database=%t/db2 transfer-from=%t/db2 progress=off" | FileCheck %s --check-prefix=OK

// REPORT-DB: error: tuner-tune: report= '{{.*}}/./db' is the same file as database= '{{.*}}/db': every file a run writes must be a file of its own, and none may be its input
// MODEL-DB: error: tuner-tune: cost-model-file= '{{.*}}/db' is the same file as database= '{{.*}}/db'
// DB-INPUT: error: tuner-tune: database= '{{.*}}/in.mlir' is the same file as the input file '{{.*}}/in.mlir'
// REPORT-INPUT: error: tuner-tune: report= '{{.*}}/in.mlir' is the same file as the input file '{{.*}}/in.mlir'
// OUT-DB: error: tuner-tune: database= '{{.*}}/db' is the same file as -o '{{.*}}/db'
// OUT-REPORT: error: tuner-tune: report= '{{.*}}/r.json' is the same file as -o '{{.*}}/r.json'
// REPORT-MODEL: error: tuner-tune: the cost model saved beside the database '{{.*}}/db.model.json' is the same file as report= '{{.*}}/db.model.json'
// OK: linalg.matmul {sched.config
func.func @mm(%a: tensor<32x32xf32>, %b: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
  %r = linalg.matmul ins(%a, %b : tensor<32x32xf32>, tensor<32x32xf32>) outs(%f : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}
