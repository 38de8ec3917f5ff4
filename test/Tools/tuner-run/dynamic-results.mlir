// Results whose shape depends on the data (ONNX's NonZero, NMS, a split by
// sizes given as a tensor): the function allocates and returns them, and
// tuner-run takes their sizes from the returned descriptors; it compares
// them with the reference's (a shape that differs is a mismatch) and saves
// them with their shapes. Here the first result keeps the first n elements
// of the input, n read from the second input.
// RUN: rm -rf %t && mkdir -p %t/in %t/wrong
// RUN: %PYTHON %S/Inputs/npy_info.py --write %t/in/input_0.npy '<f4' 16, 0..16
// RUN: %PYTHON %S/Inputs/npy_info.py --write %t/in/input_1.npy '<i8' 1, 5
// RUN: tuner-opt %s --tuner-lower-cpu -o %t/lowered.mlir
// RUN: tuner-run %t/lowered.mlir --reference=%s --inputs=%t/in --repeats=2 --save-outputs=%t/out | FileCheck %s
// RUN: %PYTHON %S/Inputs/npy_info.py %t/out/output_0.npy %t/out/output_1.npy %t/out/reference_0.npy | FileCheck %s --check-prefix=SAVED
// RUN: %PYTHON %S/Inputs/npy_info.py --values %t/out/output_0.npy | FileCheck %s --check-prefix=VALUES
// CHECK: reference: match
// SAVED: output_0.npy: descr=<f4 shape=(5,) bytes=20
// SAVED: output_1.npy: descr=<f4 shape=(2, 3) bytes=24
// SAVED: reference_0.npy: descr=<f4 shape=(5,) bytes=20
// VALUES: [0.0, 1.0, 2.0, 3.0, 4.0]
// Random inputs (n in [1, 8]) run too.
// RUN: tuner-run %t/lowered.mlir --reference=%s --repeats=1 | FileCheck %s
// A reference that keeps one element more: the shapes differ, a mismatch.
// RUN: sed 's/%%n = arith.index_cast %%x/%%m = arith.index_cast %%x/; s/^  %%c0 = /  %%one = arith.constant 1 : index\n  %%c0 = /; s/^  %%e = /  %%n = arith.addi %%m, %%one : index\n  %%e = /' %s > %t/wrong.mlir
// RUN: not tuner-run %t/lowered.mlir --reference=%t/wrong.mlir --inputs=%t/in --repeats=1 | FileCheck %s --check-prefix=WRONG
// WRONG: reference: MISMATCH
// Out-parameters cannot hold a result of dynamic shape: lowered with
// out-params=true, the function still returns its results, and says so.
// RUN: tuner-opt %s --tuner-lower-cpu="out-params=true" -o %t/outparams.mlir
// RUN: FileCheck %s --check-prefix=OUTPARAMS < %t/outparams.mlir
// RUN: tuner-run %t/outparams.mlir --reference=%s --inputs=%t/in --repeats=1 | FileCheck %s
// OUTPARAMS: llvm.func @main({{[^)]*}}) -> !llvm.struct<(struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>)>
// OUTPARAMS-SAME: out_params = false
// A signature that claims out-parameters for it is refused.
// RUN: sed 's/out_params = false/out_params = true/' %t/outparams.mlir > %t/claims.mlir
// RUN: not tuner-run %t/claims.mlir --repeats=1 2>&1 | FileCheck %s --check-prefix=CLAIMS
// CLAIMS: output #0 has type tensor<?xf32>; a result of dynamic shape must be returned, not written to an out-parameter
func.func @main(%a: tensor<16xf32>, %count: tensor<1xi64>) -> (tensor<?xf32>, tensor<2x3xf32>) {
  %c0 = arith.constant 0 : index
  %x = tensor.extract %count[%c0] : tensor<1xi64>
  %n = arith.index_cast %x : i64 to index
  %e = tensor.empty(%n) : tensor<?xf32>
  %s = tensor.extract_slice %a[0] [%n] [1] : tensor<16xf32> to tensor<?xf32>
  %r = linalg.copy ins(%s : tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %t = tensor.extract_slice %a[2] [6] [1] : tensor<16xf32> to tensor<6xf32>
  %u = tensor.expand_shape %t [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
  return %r, %u : tensor<?xf32>, tensor<2x3xf32>
}
