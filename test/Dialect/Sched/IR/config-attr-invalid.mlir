// RUN: tuner-opt %s --split-input-file --allow-unregistered-dialect --verify-diagnostics

// expected-error @+1 {{knob 'm1' has no value}}
"test.op"() {sched.config = #sched.config<sketch = "cpu.matmul", knobs = {m1, n1 = 4}>} : () -> ()

// -----

// expected-error @+1 {{knob 'm2' must be non-negative, got -8}}
"test.op"() {sched.config = #sched.config<sketch = "cpu.matmul", knobs = {m2 = -8}>} : () -> ()

// -----

// expected-error @+1 {{config needs a non-empty sketch name}}
"test.op"() {sched.config = #sched.config<sketch = "", knobs = {m1 = 8}>} : () -> ()

// -----

// expected-error @+2 {{duplicate knob 'm1'}}
// expected-error @+1 {{failed to parse Sched_ConfigAttr parameter 'knobs'}}
"test.op"() {sched.config = #sched.config<sketch = "cpu.matmul", knobs = {m1 = 8, m1 = 16}>} : () -> ()

// -----

// expected-error @+1 {{knob 'lowering' has an empty value}}
"test.op"() {sched.config = #sched.config<sketch = "cpu.matmul", knobs = {lowering = ""}>} : () -> ()

// -----

// expected-error @+2 {{expected integer value}}
// expected-error @+1 {{failed to parse Sched_ConfigAttr parameter 'knobs'}}
"test.op"() {sched.config = #sched.config<sketch = "cpu.matmul", knobs = {m1 = 1.5}>} : () -> ()

// -----

// expected-error @+1 {{'test.op' op 'sched.config' must be a #sched.config attribute}}
"test.op"() {sched.config = {m1 = 8}} : () -> ()
