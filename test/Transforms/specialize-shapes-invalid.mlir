// RUN: tuner-opt %s --tuner-specialize-shapes --verify-diagnostics
// RUN: not tuner-opt %s --tuner-specialize-shapes="sizes=4,0" 2>&1 | FileCheck %s
// RUN: not tuner-opt %s --tuner-specialize-shapes="sizes=4 shapes=4x4" 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: not tuner-opt %s --tuner-specialize-shapes="shapes=4x5" 2>&1 | FileCheck %s --check-prefix=STATIC
// RUN: not tuner-opt %s --tuner-specialize-shapes="shapes=4" 2>&1 | FileCheck %s --check-prefix=RANK
// RUN: not tuner-opt %s --tuner-specialize-shapes="shapes=0x4" 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not tuner-opt %s --tuner-specialize-shapes="shapes=4x4,2" 2>&1 | FileCheck %s --check-prefix=EXTRA

// No sizes, or a size below 1, for a function with dynamic dimensions; a
// shapes= entry that does not fit the argument (its static dimension, its
// rank, a size below 1), or one too many.
// expected-error@+7 {{tuner-specialize-shapes: 'dyn' has dynamic dimensions: give their sizes with sizes=... or shapes=...}}
// CHECK: [[@LINE+6]]:1: error: tuner-specialize-shapes: sizes must be at least 1
// BOTH: [[@LINE+5]]:1: error: tuner-specialize-shapes: give sizes= or shapes=, not both
// STATIC: [[@LINE+4]]:1: error: tuner-specialize-shapes: shapes= entry '4x5' does not fit argument #0 of type 'tensor<?x4xf32>'
// RANK: [[@LINE+3]]:1: error: tuner-specialize-shapes: shapes= entry '4' does not fit argument #0
// ZERO: [[@LINE+2]]:1: error: tuner-specialize-shapes: shapes= entry '0x4' does not fit argument #0
// EXTRA: [[@LINE+1]]:1: error: tuner-specialize-shapes: 2 shapes= entries for 1 arguments with dynamic dimensions
func.func @dyn(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  return %x : tensor<?x4xf32>
}
