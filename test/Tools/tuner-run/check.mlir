// The result check cannot be fooled: every element within
// atol + rtol * |expected| (tolerances from the element types and the longest
// reduction), NaN only where the reference has NaN, an infinity only where it
// has the same one, summary figures for the report only. Each mismatch below
// passed the check that divided the error by max(1, |x|) + RMS(expected).
// RUN: split-file %s %t
//
// An all-zero output does not match x * 1e-4, nor x * 1e-4 an all-zero one.
// RUN: not tuner-run %t/zero.mlir --reference=%t/small.mlir --repeats=1 | FileCheck %s --check-prefix=ZERO
// RUN: not tuner-run %t/small.mlir --reference=%t/zero.mlir --repeats=1 | FileCheck %s --check-prefix=ZERO
// ZERO: reference: MISMATCH in {{[0-9]+}} elements (output 0, element
//
// One -1e9 (a mask value) does not let every other element be 1000x off.
// RUN: not tuner-run %t/mask-wrong.mlir --reference=%t/mask.mlir --repeats=1 | FileCheck %s --check-prefix=MASK
// MASK: reference: MISMATCH in 255 elements (output 0, element 1: got
//
// A 700% error on small values.
// RUN: not tuner-run %t/small-8x.mlir --reference=%t/small.mlir --repeats=1 | FileCheck %s --check-prefix=ZERO
//
// NaN matches only NaN; an infinity only the same infinity.
// RUN: not tuner-run %t/finite.mlir --reference=%t/nan.mlir --repeats=1 | FileCheck %s --check-prefix=NAN
// RUN: not tuner-run %t/nan.mlir --reference=%t/finite.mlir --repeats=1 | FileCheck %s --check-prefix=NAN
// RUN: tuner-run %t/nan.mlir --reference=%t/nan.mlir --repeats=1 | FileCheck %s --check-prefix=SAME
// RUN: not tuner-run %t/neg-inf.mlir --reference=%t/pos-inf.mlir --repeats=1 | FileCheck %s --check-prefix=NAN
// NAN: reference: MISMATCH in 1 elements (output 0, element 0: got
// SAME: reference: match
//
// Reordered f32 sums of 4096 terms are within the tolerance (atol grows
// with the square root of the reduction, per unit of the output's typical
// magnitude), and the JSON report says what was allowed.
// RUN: tuner-run %t/k4096-blocked.mlir --reference=%t/k4096.mlir --repeats=1 --json | FileCheck %s --check-prefix=K4096
// K4096: "atol":1.0000000000000001e-05,"atol_per_magnitude":3.05{{[0-9]*}}e-05,{{.*}}"match":true,{{.*}}"tolerance":1.0000000000000001e-05
//
// --tolerance and --atol replace the defaults.
// RUN: tuner-run %t/small-8x.mlir --reference=%t/small.mlir --repeats=1 --tolerance=8 | FileCheck %s --check-prefix=SAME

//--- small.mlir
func.func @f(%a: tensor<256xf32>) -> tensor<256xf32> {
  %s = arith.constant 1.0e-4 : f32
  %e = tensor.empty() : tensor<256xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%a : tensor<256xf32>) outs(%e : tensor<256xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %s : f32
    linalg.yield %y : f32
  } -> tensor<256xf32>
  return %r : tensor<256xf32>
}

//--- small-8x.mlir
func.func @f(%a: tensor<256xf32>) -> tensor<256xf32> {
  %s = arith.constant 8.0e-4 : f32
  %e = tensor.empty() : tensor<256xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%a : tensor<256xf32>) outs(%e : tensor<256xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %s : f32
    linalg.yield %y : f32
  } -> tensor<256xf32>
  return %r : tensor<256xf32>
}

//--- zero.mlir
func.func @f(%a: tensor<256xf32>) -> tensor<256xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256xf32>
  %r = linalg.fill ins(%z : f32) outs(%e : tensor<256xf32>) -> tensor<256xf32>
  return %r : tensor<256xf32>
}

//--- mask.mlir
// x, with element 0 masked to -1e9.
func.func @f(%a: tensor<256xf32>) -> tensor<256xf32> {
  %m = arith.constant -1.0e9 : f32
  %c0 = arith.constant 0 : index
  %r = tensor.insert %m into %a[%c0] : tensor<256xf32>
  return %r : tensor<256xf32>
}

//--- mask-wrong.mlir
// 1000 x, with element 0 masked to -1e9.
func.func @f(%a: tensor<256xf32>) -> tensor<256xf32> {
  %m = arith.constant -1.0e9 : f32
  %k = arith.constant 1.0e3 : f32
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<256xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%a : tensor<256xf32>) outs(%e : tensor<256xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %k : f32
    linalg.yield %y : f32
  } -> tensor<256xf32>
  %r = tensor.insert %m into %s[%c0] : tensor<256xf32>
  return %r : tensor<256xf32>
}

//--- nan.mlir
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %n = arith.constant 0x7FC00000 : f32
  %c0 = arith.constant 0 : index
  %r = tensor.insert %n into %a[%c0] : tensor<4xf32>
  return %r : tensor<4xf32>
}

//--- finite.mlir
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

//--- pos-inf.mlir
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %n = arith.constant 0x7F800000 : f32
  %c0 = arith.constant 0 : index
  %r = tensor.insert %n into %a[%c0] : tensor<4xf32>
  return %r : tensor<4xf32>
}

//--- neg-inf.mlir
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %n = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : index
  %r = tensor.insert %n into %a[%c0] : tensor<4xf32>
  return %r : tensor<4xf32>
}

//--- k4096.mlir
func.func @mm(%a: tensor<16x4096xf32>, %b: tensor<4096x16xf32>) -> tensor<16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  %r = linalg.matmul ins(%a, %b : tensor<16x4096xf32>, tensor<4096x16xf32>) outs(%f : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %r : tensor<16x16xf32>
}

//--- k4096-blocked.mlir
// The same sum in 64 blocks of 64 terms, each summed on its own, then the
// 64 partial sums: another order of the same additions.
func.func @mm(%a: tensor<16x4096xf32>, %b: tensor<4096x16xf32>) -> tensor<16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %a3 = tensor.expand_shape %a [[0], [1, 2]] output_shape [16, 64, 64] : tensor<16x4096xf32> into tensor<16x64x64xf32>
  %b3 = tensor.expand_shape %b [[0, 1], [2]] output_shape [64, 64, 16] : tensor<4096x16xf32> into tensor<64x64x16xf32>
  %e3 = tensor.empty() : tensor<64x16x16xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<64x16x16xf32>) -> tensor<64x16x16xf32>
  %p = linalg.generic {indexing_maps = [affine_map<(q, i, j, k) -> (i, q, k)>, affine_map<(q, i, j, k) -> (q, k, j)>, affine_map<(q, i, j, k) -> (q, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%a3, %b3 : tensor<16x64x64xf32>, tensor<64x64x16xf32>) outs(%f3 : tensor<64x16x16xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<64x16x16xf32>
  %e = tensor.empty() : tensor<16x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j, q) -> (q, i, j)>, affine_map<(i, j, q) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%p : tensor<64x16x16xf32>) outs(%f : tensor<16x16xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  } -> tensor<16x16xf32>
  return %r : tensor<16x16xf32>
}
