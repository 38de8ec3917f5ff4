// Programs written for mlir-runner call MLIR's runner utilities
// (printMemrefF32, rtclock, printNewline): tuner-run loads them when the
// module calls one of theirs, and a tensor printed and also returned
// bufferizes (the printing functions only read it).
//
// RUN: split-file %s %t
// RUN: tuner-run %t/print.mlir --reference=%t/print.mlir --repeats=1 | FileCheck %s --check-prefix=PRINT
// RUN: not tuner-run %t/missing.mlir --repeats=1 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not tuner-run %t/print.mlir --shared-libs=%t/no-such-lib.so 2>&1 | FileCheck %s --check-prefix=NOLIB

// PRINT: Unranked Memref base@ = {{.*}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
// PRINT: reference: match

// MISSING: tuner-run: the module calls 'no_such_function', which no loaded library provides (MLIR's runner utilities were looked for in '{{.*}}'): pass its library with --shared-libs

// NOLIB: tuner-run: cannot load '{{.*}}no-such-lib.so'

//--- print.mlir
func.func private @printMemrefF32(tensor<*xf32>)
func.func private @rtclock() -> f64
func.func private @printNewline()
func.func @f(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %t0 = call @rtclock() : () -> f64
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.exp ins(%a : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %u = tensor.cast %r : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  call @printNewline() : () -> ()
  return %r : tensor<2x3xf32>
}

//--- missing.mlir
func.func private @no_such_function(tensor<4xf32>)
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  call @no_such_function(%a) : (tensor<4xf32>) -> ()
  return %a : tensor<4xf32>
}
