// sched-apply-best on a database that a hostile or careless user wrote to:
// every line that cannot be a measurement is skipped with a warning naming
// it and why, records the sketches reject are not chosen, and the config
// chosen is the one the tuner chose (the zero-time record does not win).
// RUN: rm -f %t.db
// RUN: tuner-test-opt %S/Inputs/matmul_32x32x32.mlir --tuner-tune="target=cpu:avx512:2t measure=fake policy=random trials=4 seed=1 database=%t.db progress=off" -o %t.tuned.mlir
// RUN: %PYTHON %S/Inputs/hostile_db.py %t.db
// RUN: tuner-opt %s --sched-apply-best="database=%t.db target=cpu:avx512:2t" --verify-diagnostics -o %t.applied.mlir
// RUN: grep -o "sched.config = #sched.config<[^>]*>" %t.tuned.mlir > %t.tuned.txt
// RUN: grep -o "sched.config = #sched.config<[^>]*>" %t.applied.mlir > %t.applied.txt
// RUN: diff %t.tuned.txt %t.applied.txt

// Lines 1-4 are the tuner's records; hostile_db.py appended the others.
// expected-warning @+14 {{line 5: nested deeper than 32 levels; the line is skipped}}
// expected-warning @+13 {{line 6: nested deeper than 32 levels; the line is skipped}}
// expected-warning @+12 {{line 7: longer than 1048576 bytes; the line is skipped}}
// expected-warning @+11 {{line 8: 'times_s' holds 0, not a positive finite number of seconds; the line is skipped}}
// expected-warning @+10 {{line 9: 'times_s' holds -0.001, not a positive finite number of seconds; the line is skipped}}
// expected-warning @+9 {{line 10: 'times_s' holds inf, not a positive finite number of seconds; the line is skipped}}
// expected-warning @+8 {{line 11: knob 'contract' is neither an integer nor a string; the line is skipped}}
// expected-warning @+7 {{line 12: knob 'contract' is neither an integer nor a string; the line is skipped}}
// expected-warning @+6 {{line 13: field 'times_s' is missing or not an array; the line is skipped}}
// expected-warning @+5 {{line 14: field 'workload' is missing or not an object; the line is skipped}}
// expected-warning @+4 {{line 15: 'error' is 42, not an error code in [0, 9]; the line is skipped}}
// expected-warning @+3 {{line 16: field 'task' is missing or not a non-empty string; the line is skipped}}
// expected-warning @+2 {{line 17: field 'build_s' is not a finite non-negative number; the line is skipped}}
// expected-warning @+1 {{line 20: truncated: the file does not end with a newline}}
module {
  func.func @mm(%a: tensor<32x32xf32>, %b: tensor<32x32xf32>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
    // expected-warning @+2 {{sched-apply-best: the record on line 18 of database '}}
    // expected-warning @+1 {{sched-apply-best: the record on line 19 of database '}}
    %0 = linalg.matmul ins(%a, %b : tensor<32x32xf32>, tensor<32x32xf32>) outs(%c : tensor<32x32xf32>) -> tensor<32x32xf32>
    return %0 : tensor<32x32xf32>
  }
}
