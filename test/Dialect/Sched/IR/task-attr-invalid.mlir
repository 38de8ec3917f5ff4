// RUN: tuner-opt %s --split-input-file --allow-unregistered-dialect --verify-diagnostics

// expected-error @+1 {{task key must be a non-empty hex string, got 'not-hex'}}
"test.op"() {sched.task = #sched.task<key = "not-hex", weight = 1, flops = 2>} : () -> ()

// -----

// expected-error @+1 {{task weight must be >= 1, got 0}}
"test.op"() {sched.task = #sched.task<key = "ab", weight = 0, flops = 2>} : () -> ()

// -----

// expected-error @+1 {{task flops must be non-negative, got -2}}
"test.op"() {sched.task = #sched.task<key = "ab", weight = 1, flops = -2>} : () -> ()

// -----

// A missing parameter is a parse error.
// expected-error @+1 {{expected ','}}
"test.op"() {sched.task = #sched.task<key = "ab", weight = 1>} : () -> ()

// -----

// expected-error @+1 {{'test.op' op 'sched.task' must be a #sched.task attribute}}
"test.op"() {sched.task = 3 : i64} : () -> ()

// -----

// expected-error @+1 {{'test.op' op unknown sched dialect attribute 'sched.bogus'}}
"test.op"() {sched.bogus = 1 : i64} : () -> ()
