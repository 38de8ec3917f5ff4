// The JIT compiles for the module's target: a target that needs an ISA
// extension this host lacks is refused with a message that says which,
// instead of code that would fault or a label the code does not deserve.
// RUN: tuner-opt %S/Inputs/unknown_isa.mlir --sched-apply-default -o %t.mlir
// RUN: not tuner-run %t.mlir 2>&1 | FileCheck %s
// CHECK: the code of 'f' asks for no-such-isa; this host ({{.*}}) lacks it

// An AVX2 target runs on any host with AVX2 (its code compiled without
// the host's wider extensions).
// RUN: tuner-opt %s --sched-apply-default=target=cpu:avx2 -o %t.avx2.mlir
// RUN: tuner-run %t.avx2.mlir --reference=%s --repeats=1 | FileCheck %s --check-prefix=AVX2
// AVX2: reference: match

func.func @f(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
