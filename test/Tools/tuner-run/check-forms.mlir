// What the result check compares: the reference without its schedules,
// results written into memref arguments, every result of a function that
// returns one value twice, and the guard regions around every buffer (NaN:
// a read past an operand is seen; a write past it is caught).
// RUN: split-file %s %t
//
// A reference is the untransformed program: its #sched.config annotations
// are dropped (this one names a config that cannot be materialized).
// RUN: tuner-run %t/sum.mlir --reference=%t/sum-annotated.mlir --repeats=1 | FileCheck %s --check-prefix=MATCH
// MATCH: reference: match
//
// Results written into memref arguments are compared.
// RUN: tuner-run %t/square-memref.mlir --reference=%t/square-memref.mlir --repeats=1 | FileCheck %s --check-prefix=MATCH
// RUN: not tuner-run %t/square-memref.mlir --reference=%t/double-memref.mlir --repeats=1 | FileCheck %s --check-prefix=MEMREF
// MEMREF: reference: MISMATCH in 256 elements (argument 1, element 0: got
//
// `return %0, %0` runs, and both results are compared.
// RUN: tuner-run %t/dup.mlir --reference=%t/dup.mlir --repeats=1 --json | FileCheck %s --check-prefix=DUP
// RUN: not tuner-run %t/dup.mlir --reference=%t/dup-other.mlir --repeats=1 | FileCheck %s --check-prefix=DUP2
// DUP: "match":true
// DUP2: reference: MISMATCH in 256 elements (output 1, element 0: got
//
// A kernel that reads past its operand reads NaN; one that writes past it
// is caught.
// RUN: not tuner-run %t/read-past.mlir --reference=%t/read-in.mlir --repeats=1 | FileCheck %s --check-prefix=READ
// READ: reference: MISMATCH in 1 elements (argument 1, element 3: got {{-?}}nan, expected 0)
// RUN: not tuner-run %t/write-past.mlir --reference=%t/read-in.mlir --repeats=1 | FileCheck %s --check-prefix=WRITE
// WRITE: reference: MISMATCH in 1 elements (argument 1, the kernel wrote up to 4 bytes after the end of a buffer of type memref<4xf32>)

//--- sum.mlir
func.func @mm(%a: tensor<8x16xf32>, %b: tensor<16x8xf32>) -> tensor<8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %r = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x8xf32>) outs(%f : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

//--- sum-annotated.mlir
func.func @mm(%a: tensor<8x16xf32>, %b: tensor<16x8xf32>) -> tensor<8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %r = linalg.matmul {sched.config = #sched.config<sketch = "cpu.fallback", knobs = {p1 = 3}>} ins(%a, %b : tensor<8x16xf32>, tensor<16x8xf32>) outs(%f : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

//--- square-memref.mlir
func.func @f(%a: memref<256xf32>, %o: memref<256xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%a : memref<256xf32>) outs(%o : memref<256xf32>) {
  ^bb0(%x: f32, %y: f32):
    %m = arith.mulf %x, %x : f32
    linalg.yield %m : f32
  }
  return
}

//--- double-memref.mlir
func.func @f(%a: memref<256xf32>, %o: memref<256xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%a : memref<256xf32>) outs(%o : memref<256xf32>) {
  ^bb0(%x: f32, %y: f32):
    %m = arith.addf %x, %x : f32
    linalg.yield %m : f32
  }
  return
}

//--- dup.mlir
func.func @f(%a: tensor<256xf32>) -> (tensor<256xf32>, tensor<256xf32>) {
  %e = tensor.empty() : tensor<256xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%a : tensor<256xf32>) outs(%e : tensor<256xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.mulf %x, %x : f32
    linalg.yield %m : f32
  } -> tensor<256xf32>
  return %r, %r : tensor<256xf32>, tensor<256xf32>
}

//--- dup-other.mlir
func.func @f(%a: tensor<256xf32>) -> (tensor<256xf32>, tensor<256xf32>) {
  %e = tensor.empty() : tensor<256xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%a : tensor<256xf32>) outs(%e : tensor<256xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.mulf %x, %x : f32
    linalg.yield %m : f32
  } -> tensor<256xf32>
  return %r, %a : tensor<256xf32>, tensor<256xf32>
}

//--- read-in.mlir
// o[i] = a[i + 1], and 0 for the last element.
func.func @f(%a: memref<4xf32>, %o: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c3 step %c1 {
    %j = arith.addi %i, %c1 : index
    %v = memref.load %a[%j] : memref<4xf32>
    memref.store %v, %o[%i] : memref<4xf32>
  }
  memref.store %zero, %o[%c3] : memref<4xf32>
  return
}

//--- read-past.mlir
// The same, but the last element reads a[4], past the end of `a` (what a
// schedule that overruns a K tail does).
func.func @f(%a: memref<4xf32>, %o: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %j = arith.addi %i, %c1 : index
    %v = memref.load %a[%j] : memref<4xf32>
    memref.store %v, %o[%i] : memref<4xf32>
  }
  return
}

//--- write-past.mlir
// Right, and then a write to o[4], past the end of `o`.
func.func @f(%a: memref<4xf32>, %o: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c3 step %c1 {
    %j = arith.addi %i, %c1 : index
    %v = memref.load %a[%j] : memref<4xf32>
    memref.store %v, %o[%i] : memref<4xf32>
  }
  memref.store %zero, %o[%c3] : memref<4xf32>
  memref.store %zero, %o[%c4] : memref<4xf32>
  return
}
