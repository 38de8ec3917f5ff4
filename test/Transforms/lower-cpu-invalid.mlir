// RUN: not tuner-opt %s --tuner-lower-cpu=parallel=threads 2>&1 | FileCheck %s

// CHECK: error: unknown parallel runtime 'threads': expected 'openmp' or 'none'
func.func @f() {
  return
}
