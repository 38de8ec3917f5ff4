// A program that faults on its inputs (an unsigned division by a divisor
// that is 0 in some elements: SIGFPE) ends tuner-run with a stack dump that
// says the program's own code may be the cause, and what ran; not a
// request for a bug report to LLVM. Random inputs are never 0, so the
// divisors come from --inputs.
// RUN: rm -rf %t && mkdir -p %t/in
// RUN: %PYTHON %S/Inputs/npy_info.py --write %t/in/input_0.npy '<i4' 64, 0..64
// RUN: %PYTHON %S/Inputs/npy_info.py --write %t/in/input_1.npy '<i4' 64, 0..64
// RUN: tuner-opt %s --tuner-lower-cpu -o %t/lowered.mlir
// RUN: not --crash tuner-run %t/lowered.mlir --inputs=%t/in --reference=%s 2>&1 | FileCheck %s
// CHECK: tuner-run: the process crashed. A fault in the program's own code (an integer division by zero
// CHECK-NOT: PLEASE submit a bug report
// CHECK: running {{.*}}lowered.mlir on the inputs in {{.*}}in, checked against {{.*}}program-fault.mlir
// The same program on random inputs runs.
// RUN: tuner-run %t/lowered.mlir --reference=%s --repeats=1 | FileCheck %s --check-prefix=RANDOM
// RANDOM: reference: match
func.func @main(%a: tensor<64xi32>, %b: tensor<64xi32>) -> tensor<64xi32> {
  %e = tensor.empty() : tensor<64xi32>
  %r = linalg.div_unsigned ins(%a, %b : tensor<64xi32>, tensor<64xi32>) outs(%e : tensor<64xi32>) -> tensor<64xi32>
  return %r : tensor<64xi32>
}
