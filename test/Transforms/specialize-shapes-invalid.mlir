// RUN: tuner-opt %s --tuner-specialize-shapes --verify-diagnostics
// RUN: not tuner-opt %s --tuner-specialize-shapes="sizes=4,0" 2>&1 | FileCheck %s

// No sizes, or a size below 1, for a function with dynamic dimensions.
// expected-error@+2 {{tuner-specialize-shapes: 'dyn' has dynamic dimensions: give their sizes with sizes=...}}
// CHECK: [[@LINE+1]]:1: error: tuner-specialize-shapes: sizes must be at least 1
func.func @dyn(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  return %x : tensor<?x4xf32>
}

