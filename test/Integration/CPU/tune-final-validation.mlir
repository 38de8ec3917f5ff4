// Final validation with real measurement: at the end, the best candidates
// of the task and its default are re-timed, interleaved, and the fastest
// re-timed one is the config written; the report shows both the search's
// and the re-timed figures (per task and in the table on stderr).
// RUN: rm -f %t.db
// RUN: tuner-opt %s --tuner-tune="target=host trials=8 final-validation=3 final-validation-rounds=3 builders=2 repeats=2 min-repeat-ms=2 database=%t.db report=%t.json" -o %t.tuned.mlir 2> %t.stderr
// RUN: %PYTHON %S/Inputs/check_validation.py %t.json %t.tuned.mlir | FileCheck %s
// RUN: FileCheck %s --check-prefix=TABLE --input-file=%t.stderr
// RUN: FileCheck %s --check-prefix=REPORT --input-file=%t.json
// Re-timings are not trials: the database holds the 8 trials only.
// RUN: %PYTHON %S/../../Tuner/Driver/Inputs/check_db.py %t.db --lines 8
// final-validation=0 turns it off.
// RUN: tuner-opt %s --tuner-tune="target=host trials=4 final-validation=0 builders=2 repeats=1 min-repeat-ms=0 report=%t.off.json progress=off" -o /dev/null
// RUN: FileCheck %s --check-prefix=OFF --input-file=%t.off.json

// CHECK: matmul_64x64x64: {{[2-4]}} candidates re-timed, chosen is the fastest
// TABLE: final validation: the best 3 and the default of each task re-timed, 3 interleaved rounds x 2 repeats
// TABLE-NEXT: task default ms chosen ms search ms speedup chosen
// TABLE-NEXT: matmul_64x64x64 {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}} {{[0-9.]+}}x {{the default|#[1-3] of the search}}
// REPORT: "final_validation": {
// REPORT: "chosen_retimed_s": {{[0-9.e-]+}},
// REPORT: "default_retimed_s": {{[0-9.e-]+}}
// OFF: "final_validation": null,
// OFF: "final_validation": null,
func.func @mm(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
