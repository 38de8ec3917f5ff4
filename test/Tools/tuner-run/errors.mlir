// RUN: split-file %s %t
// RUN: not tuner-run %t/two.mlir 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: not tuner-run %t/two.mlir --entry=nope 2>&1 | FileCheck %s --check-prefix=ENTRY
// RUN: not tuner-run %t/dynamic.mlir 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// RUN: not tuner-run %t/missing.mlir 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not tuner-run %t/bad.mlir 2>&1 | FileCheck %s --check-prefix=PARSE
// RUN: not tuner-run %t/two.mlir --entry=f --parallel=threads 2>&1 | FileCheck %s --check-prefix=PARALLEL
// A shape whose size overflows is an error, not a heap corruption.
// RUN: not tuner-run %t/huge.mlir 2>&1 | FileCheck %s --check-prefix=HUGE
// Choosing one of two functions works.
// RUN: tuner-run %t/two.mlir --entry=g --repeats=1 | FileCheck %s --check-prefix=G
// --kernel-times on a module that runs on the CPU: a warning, and the run.
// RUN: tuner-run %t/two.mlir --entry=g --repeats=1 --kernel-times 2>&1 | FileCheck %s --check-prefix=KTIMES

// TWO: tuner-run: the module has 2 public functions: choose one with --entry
// ENTRY: tuner-run: no function named 'nope' with a body
// DYNAMIC: tuner-run: input #0 has type tensor<?x4xf32>; an input of dynamic shape takes the shape of its data: give it with --inputs=DIR, or give the dynamic dimensions static sizes (tuner-opt --tuner-specialize-shapes="sizes=...")
// MISSING: tuner-run: cannot open input file '{{.*}}missing.mlir': No such file or directory
// PARSE: bad.mlir:1:1: error: custom op 'not' is unknown
// PARALLEL: tuner-run: unknown --parallel 'threads': expected openmp or none
// HUGE: tuner-run: a buffer of type tensor<9223372036854775807x2xf32> is too large to allocate (more than 1024 GiB)
// G: g: median
// KTIMES: two.mlir:{{[0-9]+}}:{{[0-9]+}}: warning: tuner-run: --kernel-times times the kernels of a GPU module; this module runs on the CPU
// KTIMES: g: median

//--- two.mlir
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
func.func @g(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%a : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

//--- dynamic.mlir
func.func @d(%a: tensor<?x4xf32>) -> tensor<?x4xf32> {
  return %a : tensor<?x4xf32>
}

//--- bad.mlir
not mlir at all

//--- huge.mlir
func.func @huge(%a: tensor<9223372036854775807x2xf32>) -> tensor<9223372036854775807x2xf32> {
  return %a : tensor<9223372036854775807x2xf32>
}
