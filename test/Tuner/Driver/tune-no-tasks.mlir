// RUN: tuner-test-opt %s --tuner-tune="measure=fake" --verify-diagnostics

// A module without linalg ops has nothing to tune.
// expected-warning @+1 {{tuner-tune: the module has no tuning task}}
module {
  func.func @id(%a: tensor<4xf32>) -> tensor<4xf32> {
    return %a : tensor<4xf32>
  }
}
