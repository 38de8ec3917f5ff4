// RUN: tuner-test-opt %s --split-input-file --sched-export-transform="output=%t.lib.mlir" --verify-diagnostics

module attributes {sched.target = #sched.target<kind = cpu, cores = 2, vector_bits = 512>} {
  func.func @unknown_sketch(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
    // expected-error @+1 {{unknown sketch 'cpu.magic'}}
    %0 = linalg.matmul {sched.config = #sched.config<sketch = "cpu.magic", knobs = {}>} ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
    return %0 : tensor<16x16xf32>
  }
}

// -----

// test.fault's script uses transform.sched.test_fault, which upstream has
// no equivalent of.
module attributes {sched.target = #sched.target<kind = cpu, cores = 2, vector_bits = 512>} {
  func.func @not_exportable(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
    // expected-error @+1 {{cannot export the schedule of sketch 'test.fault': transform.sched.test_fault has no upstream equivalent}}
    %0 = linalg.matmul {sched.config = #sched.config<sketch = "test.fault", knobs = {kind = "wrong_result"}>} ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
    return %0 : tensor<16x16xf32>
  }
}

// -----

module attributes {sched.target = #sched.target<kind = cpu, cores = 2, vector_bits = 512>} {
  func.func @nested(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>, %cond: i1) -> tensor<16x16xf32> {
    %0 = scf.if %cond -> tensor<16x16xf32> {
      // expected-error @+1 {{cannot export the schedule of an op that is not a linalg op directly in a func.func}}
      %1 = linalg.matmul {sched.config = #sched.config<sketch = "cpu.fallback", knobs = {p1 = 4}>} ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
      scf.yield %1 : tensor<16x16xf32>
    } else {
      scf.yield %c : tensor<16x16xf32>
    }
    return %0 : tensor<16x16xf32>
  }
}
