// RUN: tuner-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: tuner-opt %s --allow-unregistered-dialect | tuner-opt --allow-unregistered-dialect | FileCheck %s

// Knobs print sorted by name, integers without their type, strings quoted.
// CHECK: "test.op"() {sched.config = #sched.config<sketch = "cpu.matmul", knobs = {contract = "outerproduct", k1 = 256, m1 = 64, n1 = 256}>}
"test.op"() {sched.config = #sched.config<sketch = "cpu.matmul", knobs = {m1 = 64, n1 = 256, k1 = 256, contract = "outerproduct"}>} : () -> ()

// A sketch without knobs.
// CHECK: "test.op"() {sched.config = #sched.config<sketch = "cpu.fallback", knobs = {}>}
"test.op"() {sched.config = #sched.config<sketch = "cpu.fallback", knobs = {}>} : () -> ()

// Zero is a valid tile size (the loop is not tiled).
// CHECK: knobs = {m1 = 0}
"test.op"() {sched.config = #sched.config<sketch = "cpu.matmul", knobs = {m1 = 0}>} : () -> ()
