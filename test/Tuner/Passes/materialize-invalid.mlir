// RUN: tuner-test-opt %s --split-input-file --allow-unregistered-dialect --sched-materialize --verify-diagnostics

module attributes {sched.target = #sched.target<kind = cpu, cores = 2, vector_bits = 512>} {
  func.func @unknown_sketch(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
    // expected-error @+1 {{unknown sketch 'cpu.magic'}}
    %0 = linalg.matmul {sched.config = #sched.config<sketch = "cpu.magic", knobs = {}>} ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
    return %0 : tensor<16x16xf32>
  }
}

// -----

module attributes {sched.target = #sched.target<kind = cpu, cores = 2, vector_bits = 512>} {
  func.func @unknown_knob(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
    // expected-error @+1 {{unknown knob 'q' for sketch 'cpu.fallback'}}
    %0 = linalg.matmul {sched.config = #sched.config<sketch = "cpu.fallback", knobs = {p1 = 4, q = 1}>} ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
    return %0 : tensor<16x16xf32>
  }
}

// -----

module attributes {sched.target = #sched.target<kind = cpu, cores = 2, vector_bits = 512>} {
  func.func @missing_knob(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
    // expected-error @+1 {{config of sketch 'cpu.fallback' has no value for knob 'p1'}}
    %0 = linalg.matmul {sched.config = #sched.config<sketch = "cpu.fallback", knobs = {}>} ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
    return %0 : tensor<16x16xf32>
  }
}

// -----

module attributes {sched.target = #sched.target<kind = cpu, cores = 2, vector_bits = 512>} {
  func.func @value_not_an_option(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
    // expected-error @+1 {{value 3 of knob 'p1' is not one of its options [1, 2, 4, 8, 16]}}
    %0 = linalg.matmul {sched.config = #sched.config<sketch = "cpu.fallback", knobs = {p1 = 3}>} ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
    return %0 : tensor<16x16xf32>
  }
}

// -----

module attributes {sched.target = #sched.target<kind = cpu, cores = 2, vector_bits = 512>} {
  func.func @broken_constraint(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
    // expected-error @+1 {{config violates a constraint of sketch 'cpu.contraction': ms must divide m1, and m2 be at most ms}}
    %0 = linalg.matmul {sched.config = #sched.config<sketch = "cpu.contraction", knobs = {contract = "outerproduct", k1 = 16, k2 = 1, m1 = 4, m2 = 8, ms = 4, n1 = 16, n2 = 16, ns = 16, unroll = 1}>} ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
    return %0 : tensor<16x16xf32>
  }
}

// -----

module attributes {sched.target = #sched.target<kind = cpu, cores = 2, vector_bits = 512>} {
  func.func @wrong_op(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
    // expected-error @+1 {{sketch 'cpu.conv2d' does not apply to this op: not a conv_2d_nhwc_hwcf, depthwise_conv_2d_nhwc_hwc or pooling_nhwc_{max,min,sum}}}
    %0 = linalg.matmul {sched.config = #sched.config<sketch = "cpu.conv2d", knobs = {}>} ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
    return %0 : tensor<16x16xf32>
  }
}

// -----

module attributes {sched.target = #sched.target<kind = cpu, cores = 2, vector_bits = 512>} {
  func.func @fails_to_apply(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
    // expected-error @+1 {{sketch 'test.fail_to_apply' failed to apply}}
    %0 = linalg.matmul {sched.config = #sched.config<sketch = "test.fail_to_apply", knobs = {x = 2}>} ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
    return %0 : tensor<16x16xf32>
  }
}

// -----

func.func @not_linalg() {
  // expected-error @+1 {{#sched.config on an op that is not a linalg op}}
  "test.op"() {sched.config = #sched.config<sketch = "cpu.fallback", knobs = {p1 = 1}>} : () -> ()
  return
}
