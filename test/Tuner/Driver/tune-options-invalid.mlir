// Nonsensical numbers are errors at the module's location, all reported at
// once, before anything is measured (no worker starts, no database line is
// written).
// RUN: tuner-test-opt %s --tuner-tune="measure=fake timeout=0 reference-timeout=0 repeats=0 batch-size=0 trials=2000000 per-task-trials=2000000 memory-limit=1 builders=100000 min-repeat-ms=-1 time-budget=-5 final-validation=1000 final-validation-rounds=0 transfer-seeds=100000 database=%t.db" --verify-diagnostics
// RUN: test ! -s %t.db

// expected-error @+13 {{tuner-tune: trials must be at most 1000000 (got 2000000)}}
// expected-error @+12 {{tuner-tune: per-task-trials must be at most 1000000 (got 2000000)}}
// expected-error @+11 {{tuner-tune: time-budget must be a number in [0, 1e+09] (got -5)}}
// expected-error @+10 {{tuner-tune: batch-size must be at least 1}}
// expected-error @+9 {{tuner-tune: builders must be at most 1024 (got 100000)}}
// expected-error @+8 {{tuner-tune: repeats must be at least 1}}
// expected-error @+7 {{tuner-tune: min-repeat-ms must be a number in [0, 60000] (got -1)}}
// expected-error @+6 {{tuner-tune: timeout must be a number in (0, 86400] (got 0)}}
// expected-error @+5 {{tuner-tune: reference-timeout must be a number in (0, 86400] (got 0)}}
// expected-error @+4 {{tuner-tune: memory-limit must be 0 (no limit) or at least 512 MiB (got 1): a worker cannot start with less}}
// expected-error @+3 {{tuner-tune: final-validation must be at most 64 (got 1000)}}
// expected-error @+2 {{tuner-tune: final-validation-rounds must be at least 1}}
// expected-error @+1 {{tuner-tune: transfer-seeds must be at most 4096 (got 100000)}}
module {
  func.func @mm(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
    %0 = linalg.matmul ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
    return %0 : tensor<16x16xf32>
  }
}
