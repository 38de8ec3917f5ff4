// More nonsensical values, one per run, each an error at the input file
// (not at <unknown>), before any measurement; and values llvm::cl cannot
// parse, and unknown options, reported at the input file too.
// RUN: not tuner-opt %s --tuner-tune="timeout=-1" 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not tuner-opt %s --tuner-tune="timeout=nan" 2>&1 | FileCheck %s --check-prefix=NAN
// RUN: not tuner-opt %s --tuner-tune="timeout=inf" 2>&1 | FileCheck %s --check-prefix=INF
// RUN: not tuner-opt %s --tuner-tune="trials=4294967295" 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not tuner-opt %s --tuner-tune="repeats=0" 2>&1 | FileCheck %s --check-prefix=REPEATS
// RUN: not tuner-opt %s --tuner-tune="trials=abc" 2>&1 | FileCheck %s --check-prefix=PARSE
// RUN: not tuner-opt %s --tuner-tune="bogus=1 trials=4" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not tuner-opt %s --sched-apply-best="database=%t.db use-model=maybe" 2>&1 | FileCheck %s --check-prefix=APPLY

// NEGATIVE: tune-options-values.mlir:0:0: error: tuner-tune: timeout must be a number in (0, 86400] (got -1)
// NAN: tune-options-values.mlir:0:0: error: tuner-tune: timeout must be a number in (0, 86400] (got nan)
// INF: tune-options-values.mlir:0:0: error: tuner-tune: timeout must be a number in (0, 86400] (got inf)
// HUGE: tune-options-values.mlir:0:0: error: tuner-tune: trials must be at most 1000000 (got 4294967295)
// REPEATS: tune-options-values.mlir:0:0: error: tuner-tune: repeats must be at least 1

// llvm::cl prints why the value does not parse; the error itself points at
// the input.
// PARSE: for the --trials option: 'abc' value invalid for uint argument!
// PARSE-NOT: <unknown>
// PARSE: tune-options-values.mlir:0:0: error: tuner-tune: invalid options 'trials=abc': a value does not parse (the reason is printed above)
// PARSE-NOT: <unknown>
// UNKNOWN-NOT: <unknown>
// UNKNOWN: tune-options-values.mlir:0:0: error: tuner-tune: invalid options 'bogus=1 trials=4': no such option bogus
// APPLY-NOT: <unknown>
// APPLY: tune-options-values.mlir:0:0: error: sched-apply-best: invalid options
func.func @mm(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}
