// A task whose space is used up before its budget gets no more rounds, and
// the run says so with the counts (test.fault has 7 candidates).
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:1t measure=fake sketches=test.fault trials=20 progress=off" --verify-diagnostics -o /dev/null

// expected-remark @+1 {{tuner-tune: task 'matmul_16x16x16' gets no more trials: its space is exhausted (all 7 valid candidates measured or failed)}}
module {
  func.func @mm(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
    %0 = linalg.matmul ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
    return %0 : tensor<16x16xf32>
  }
}
