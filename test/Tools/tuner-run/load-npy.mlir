// --inputs=DIR runs the entry (and the reference) on DIR's input_<i>.npy
// files instead of random values; files of another shape, dtype or layout,
// and a directory with more or fewer inputs than the entry, are errors.
// RUN: rm -rf %t && split-file %s %t
//
// The inputs --save-inputs wrote give the outputs the same seed gave.
// RUN: tuner-run %t/mixed.mlir --seed=7 --repeats=1 --save-inputs=%t/in --save-outputs=%t/o1
// RUN: tuner-run %t/mixed.mlir --inputs=%t/in --reference=%t/mixed.mlir --repeats=1 --save-outputs=%t/o2 | FileCheck %s --check-prefix=MATCH
// RUN: %PYTHON %S/Inputs/npy_info.py --same %t/o1/output_0.npy %t/o2/output_0.npy | FileCheck %s --check-prefix=SAME
// RUN: %PYTHON %S/Inputs/npy_info.py --same %t/o1/output_1.npy %t/o2/output_1.npy | FileCheck %s --check-prefix=SAME
// RUN: %PYTHON %S/Inputs/npy_info.py --same %t/o1/output_2.npy %t/o2/output_2.npy | FileCheck %s --check-prefix=SAME
// MATCH: reference: match
// SAME: == {{.*}}: True
//
// Values of one's own: f32 in format 1.0, i64 as unsigned in format 2.0, a
// 0-d f32.
// RUN: mkdir %t/k
// RUN: %PYTHON %S/Inputs/npy_info.py --write %t/k/input_0.npy '<f4' 4, 1 2 3 4
// RUN: %PYTHON %S/Inputs/npy_info.py --write2 %t/k/input_1.npy '<u8' 2,2 10 20 30 40
// RUN: %PYTHON %S/Inputs/npy_info.py --write %t/k/input_2.npy '<f4' '' 0.5
// RUN: tuner-run %t/known.mlir --inputs=%t/k --repeats=1 --save-outputs=%t/ko
// RUN: %PYTHON %S/Inputs/npy_info.py --values %t/ko/output_0.npy | FileCheck %s --check-prefix=KNOWN0
// RUN: %PYTHON %S/Inputs/npy_info.py --values %t/ko/output_1.npy | FileCheck %s --check-prefix=KNOWN1
// KNOWN0: [1.5, 2.5, 3.5, 4.5]
// KNOWN1: [11, 21, 31, 41]
//
// RUN: mkdir %t/shape %t/dtype %t/fortran %t/short %t/extra %t/missing %t/bad
// RUN: %PYTHON %S/Inputs/npy_info.py --write %t/shape/input_0.npy '<f4' 2,2 1 2 3 4
// RUN: not tuner-run %t/known.mlir --inputs=%t/shape 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: tuner-run: input 0: '{{.*}}input_0.npy': shape (2, 2), expected (4,) for tensor<4xf32>
// RUN: %PYTHON %S/Inputs/npy_info.py --write %t/dtype/input_0.npy '<f8' 4, 1 2 3 4
// RUN: not tuner-run %t/known.mlir --inputs=%t/dtype 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: tuner-run: input 0: '{{.*}}input_0.npy': dtype '<f8', expected '<f4' for f32
// RUN: %PYTHON %S/Inputs/npy_info.py --fortran %t/fortran/input_0.npy '<f4' 4, 1 2 3 4
// RUN: not tuner-run %t/known.mlir --inputs=%t/fortran 2>&1 | FileCheck %s --check-prefix=FORTRAN
// FORTRAN: tuner-run: input 0: '{{.*}}input_0.npy': Fortran order
// RUN: %PYTHON %S/Inputs/npy_info.py --write %t/short/input_0.npy '<f4' 4, 1 2 3
// RUN: not tuner-run %t/known.mlir --inputs=%t/short 2>&1 | FileCheck %s --check-prefix=SHORT
// SHORT: tuner-run: input 0: '{{.*}}input_0.npy': holds 12 bytes of data, expected 16
// RUN: cp %t/k/* %t/extra && cp %t/k/input_0.npy %t/extra/input_3.npy
// RUN: not tuner-run %t/known.mlir --inputs=%t/extra 2>&1 | FileCheck %s --check-prefix=EXTRA
// EXTRA: tuner-run: '{{.*}}input_3.npy' is one input more than the entry's 3
// RUN: cp %t/k/input_0.npy %t/missing
// RUN: not tuner-run %t/known.mlir --inputs=%t/missing 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: tuner-run: input 1: '{{.*}}input_1.npy': cannot read:
// RUN: echo 'x = 1' > %t/bad/input_0.npy
// RUN: not tuner-run %t/known.mlir --inputs=%t/bad 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: tuner-run: input 0: '{{.*}}input_0.npy': not a .npy file

//--- mixed.mlir
func.func @mixed(%a: tensor<4x8xf32>, %b: tensor<8xbf16>, %c: tensor<2x3x4xi32>,
                 %d: tensor<5xi1>)
    -> (tensor<4x8xf32>, tensor<8xbf16>, tensor<5xi1>) {
  %ea = tensor.empty() : tensor<4x8xf32>
  %ra = linalg.add ins(%a, %a : tensor<4x8xf32>, tensor<4x8xf32>) outs(%ea : tensor<4x8xf32>) -> tensor<4x8xf32>
  %eb = tensor.empty() : tensor<8xbf16>
  %rb = linalg.mul ins(%b, %b : tensor<8xbf16>, tensor<8xbf16>) outs(%eb : tensor<8xbf16>) -> tensor<8xbf16>
  %ed = tensor.empty() : tensor<5xi1>
  %rd = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%d : tensor<5xi1>) outs(%ed : tensor<5xi1>) {
  ^bb0(%x: i1, %o: i1):
    %t = arith.constant true
    %n = arith.xori %x, %t : i1
    linalg.yield %n : i1
  } -> tensor<5xi1>
  return %ra, %rb, %rd : tensor<4x8xf32>, tensor<8xbf16>, tensor<5xi1>
}

//--- known.mlir
func.func @known(%a: tensor<4xf32>, %b: tensor<2x2xi64>, %s: tensor<f32>)
    -> (tensor<4xf32>, tensor<2x2xi64>) {
  %ea = tensor.empty() : tensor<4xf32>
  %ra = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%a, %s : tensor<4xf32>, tensor<f32>) outs(%ea : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %r = arith.addf %x, %y : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %eb = tensor.empty() : tensor<2x2xi64>
  %rb = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<2x2xi64>) outs(%eb : tensor<2x2xi64>) {
  ^bb0(%x: i64, %o: i64):
    %c1 = arith.constant 1 : i64
    %r = arith.addi %x, %c1 : i64
    linalg.yield %r : i64
  } -> tensor<2x2xi64>
  return %ra, %rb : tensor<4xf32>, tensor<2x2xi64>
}
