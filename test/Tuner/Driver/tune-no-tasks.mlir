// RUN: tuner-test-opt %s --tuner-tune="measure=fake" --verify-diagnostics

// expected-warning @+1 {{tuner-tune: the module has no tuning task}}
module {
  func.func @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
    %0 = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%a : tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
