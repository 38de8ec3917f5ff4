// Every output is checked before the search: a report, database or
// cost-model file that cannot be written is an error before anything is
// measured (the search's results would be lost), and an existing report
// is only replaced by a complete one.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not tuner-test-opt %s --tuner-tune="measure=fake trials=4 database=%t/db.jsonl report=%t/missing/r.json progress=off" -o %t/out.mlir 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: test ! -e %t/db.jsonl
// RUN: not tuner-test-opt %s --tuner-tune="measure=fake trials=4 report=%t progress=off" 2>&1 | FileCheck %s --check-prefix=DIRECTORY
// RUN: not tuner-test-opt %s --tuner-tune="measure=fake policy=evolutionary cost-model=random trials=4 cost-model-file=%t/missing/m.json progress=off" 2>&1 | FileCheck %s --check-prefix=MODEL
// RUN: not tuner-test-opt %s --tuner-tune="measure=fake trials=4 database=%t/missing/db.jsonl progress=off" 2>&1 | FileCheck %s --check-prefix=DATABASE

// A run that fails leaves an existing report as it was; one that succeeds
// replaces it.
// RUN: echo '{"old": true}' > %t/r.json
// RUN: not tuner-test-opt %s --tuner-tune="measure=fake trials=4 report=%t/r.json database=%t/missing/db.jsonl progress=off" 2>&1
// RUN: FileCheck %s --check-prefix=OLD --input-file=%t/r.json
// RUN: tuner-test-opt %s --tuner-tune="measure=fake trials=4 report=%t/r.json progress=off" -o /dev/null
// RUN: FileCheck %s --check-prefix=NEW --input-file=%t/r.json

// REPORT: tune-outputs.mlir:0:0: error: tuner-tune: cannot write report '{{.*}}missing/r.json': no such directory '{{.*}}missing'
// DIRECTORY: error: tuner-tune: cannot write report '{{.*}}': it is a directory
// MODEL: error: tuner-tune: cannot write cost-model file '{{.*}}missing/m.json': no such directory
// DATABASE: error: tuner-tune: cannot open database '{{.*}}missing/db.jsonl' for writing
// OLD: "old": true
// NEW: "trials": 4
func.func @mm(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}
