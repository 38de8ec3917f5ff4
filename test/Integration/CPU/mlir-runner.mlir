// The output of tuner-lower-cpu runs in mlir-runner: a scheduled matmul of
// ones and twos, each element of the result is 2 * K = 64.
// RUN: tuner-opt %s --sched-materialize --tuner-lower-cpu=parallel=none \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%llvm_lib_dir/libmlir_c_runner_utils.so,%llvm_lib_dir/libmlir_runner_utils.so \
// RUN: | FileCheck %s

// CHECK: 64
// CHECK: 64
module attributes {sched.target = #sched.target<kind = cpu, arch = "x86-64-v3", cores = 1, vector_bits = 256>} {
  func.func @mm(%a: tensor<16x32xf32>, %b: tensor<32x64xf32>) -> tensor<16x64xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<16x64xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x64xf32>) -> tensor<16x64xf32>
    %r = linalg.matmul {sched.config = #sched.config<sketch = "cpu.contraction", knobs = {contract = "outerproduct", k1 = 16, k2 = 1, m1 = 8, m2 = 4, ms = 8, n1 = 64, n2 = 16, ns = 32, unroll = 1}>}
        ins(%a, %b : tensor<16x32xf32>, tensor<32x64xf32>) outs(%f : tensor<16x64xf32>) -> tensor<16x64xf32>
    return %r : tensor<16x64xf32>
  }

  func.func @main() {
    %one = arith.constant 1.0 : f32
    %two = arith.constant 2.0 : f32
    %c0 = arith.constant 0 : index
    %c15 = arith.constant 15 : index
    %c63 = arith.constant 63 : index
    %ea = tensor.empty() : tensor<16x32xf32>
    %eb = tensor.empty() : tensor<32x64xf32>
    %a = linalg.fill ins(%one : f32) outs(%ea : tensor<16x32xf32>) -> tensor<16x32xf32>
    %b = linalg.fill ins(%two : f32) outs(%eb : tensor<32x64xf32>) -> tensor<32x64xf32>
    %r = func.call @mm(%a, %b) : (tensor<16x32xf32>, tensor<32x64xf32>) -> tensor<16x64xf32>
    %x = tensor.extract %r[%c0, %c0] : tensor<16x64xf32>
    %y = tensor.extract %r[%c15, %c63] : tensor<16x64xf32>
    vector.print %x : f32
    vector.print %y : f32
    return
  }
}
