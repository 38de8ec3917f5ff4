// --save-inputs and --save-outputs write the entry's inputs, its outputs and
// the reference's outputs as .npy files (parsed here without NumPy).
// RUN: rm -rf %t && split-file %s %t
// RUN: tuner-run %t/mixed.mlir --reference=%t/mixed.mlir --repeats=1 --save-inputs=%t/in --save-outputs=%t/out | FileCheck %s --check-prefix=RESULT
// RUN: %PYTHON %S/Inputs/npy_info.py %t/in/input_0.npy %t/in/input_1.npy %t/in/input_2.npy %t/in/input_3.npy %t/in/input_4.npy | FileCheck %s --check-prefix=INPUTS
// RUN: %PYTHON %S/Inputs/npy_info.py %t/out/output_0.npy %t/out/output_1.npy %t/out/output_2.npy %t/out/reference_0.npy | FileCheck %s --check-prefix=OUTPUTS
// RUN: %PYTHON %S/Inputs/npy_info.py --same %t/out/output_0.npy %t/out/reference_0.npy | FileCheck %s --check-prefix=SAME
// Without a reference, no reference_<i>.npy; a rank-1 output and the same
// seed give the same inputs.
// RUN: tuner-run %t/mixed.mlir --repeats=1 --save-inputs=%t/in2 --save-outputs=%t/out2
// RUN: not ls %t/out2/reference_0.npy
// RUN: %PYTHON %S/Inputs/npy_info.py --same %t/in/input_0.npy %t/in2/input_0.npy | FileCheck %s --check-prefix=SEED
// An element type NumPy has no dtype for is an error.
// RUN: not tuner-run %t/i4.mlir --repeats=1 --save-inputs=%t/in3 2>&1 | FileCheck %s --check-prefix=I4
// A directory that cannot be created is an error.
// RUN: not tuner-run %t/mixed.mlir --repeats=1 --save-outputs=%t/mixed.mlir/out 2>&1 | FileCheck %s --check-prefix=DIR

// RESULT: reference: match

// INPUTS: input_0.npy: descr=<f4 shape=(4, 8) bytes=128
// INPUTS-NEXT: input_1.npy: descr=<u2 shape=(8,) bytes=16
// INPUTS-NEXT: input_2.npy: descr=<i4 shape=(2, 3, 4) bytes=96
// INPUTS-NEXT: input_3.npy: descr=|b1 shape=(5,) bytes=5
// INPUTS-NEXT: input_4.npy: descr=<f2 shape=() bytes=2

// OUTPUTS: output_0.npy: descr=<f4 shape=(4, 8) bytes=128
// OUTPUTS-NEXT: output_1.npy: descr=<u2 shape=(8,) bytes=16
// OUTPUTS-NEXT: output_2.npy: descr=<i8 shape=(2, 3, 4) bytes=192
// OUTPUTS-NEXT: reference_0.npy: descr=<f4 shape=(4, 8) bytes=128

// SAME: output_0.npy == reference_0.npy: True
// SEED: input_0.npy == input_0.npy: True
// I4: tuner-run: cannot write tensor<4xi4> as .npy: no NumPy dtype for i4
// DIR: tuner-run: cannot create '{{.*}}mixed.mlir/out'

//--- mixed.mlir
func.func @mixed(%a: tensor<4x8xf32>, %b: tensor<8xbf16>, %c: tensor<2x3x4xi32>,
                 %d: tensor<5xi1>, %e: tensor<f16>)
    -> (tensor<4x8xf32>, tensor<8xbf16>, tensor<2x3x4xi64>) {
  %ea = tensor.empty() : tensor<4x8xf32>
  %ra = linalg.add ins(%a, %a : tensor<4x8xf32>, tensor<4x8xf32>) outs(%ea : tensor<4x8xf32>) -> tensor<4x8xf32>
  %eb = tensor.empty() : tensor<8xbf16>
  %rb = linalg.mul ins(%b, %b : tensor<8xbf16>, tensor<8xbf16>) outs(%eb : tensor<8xbf16>) -> tensor<8xbf16>
  %ec = tensor.empty() : tensor<2x3x4xi64>
  %rc = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%c : tensor<2x3x4xi32>) outs(%ec : tensor<2x3x4xi64>) {
  ^bb0(%x: i32, %o: i64):
    %w = arith.extsi %x : i32 to i64
    linalg.yield %w : i64
  } -> tensor<2x3x4xi64>
  return %ra, %rb, %rc : tensor<4x8xf32>, tensor<8xbf16>, tensor<2x3x4xi64>
}

//--- i4.mlir
func.func @i4(%a: tensor<4xi4>) -> tensor<4xi4> {
  return %a : tensor<4xi4>
}
