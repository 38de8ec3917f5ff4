// A program that faults on its random inputs (an unsigned division by a
// divisor that is 0 in some elements: SIGFPE) ends tuner-run with a stack
// dump that says the program's own code may be the cause, and what ran;
// not a request for a bug report to LLVM.
// RUN: tuner-opt %s --tuner-lower-cpu -o %t.mlir
// RUN: not --crash tuner-run %t.mlir --reference=%s 2>&1 | FileCheck %s
// CHECK: tuner-run: the process crashed. A fault in the program's own code (an integer division by zero on the random inputs
// CHECK-NOT: PLEASE submit a bug report
// CHECK: running {{.*}}program-fault.mlir.tmp.mlir on random inputs, checked against {{.*}}program-fault.mlir
func.func @main(%a: tensor<64xi32>, %b: tensor<64xi32>) -> tensor<64xi32> {
  %e = tensor.empty() : tensor<64xi32>
  %r = linalg.div_unsigned ins(%a, %b : tensor<64xi32>, tensor<64xi32>) outs(%e : tensor<64xi32>) -> tensor<64xi32>
  return %r : tensor<64xi32>
}
