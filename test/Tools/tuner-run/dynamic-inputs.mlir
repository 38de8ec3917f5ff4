// Inputs of dynamic shape (a batch size an exporter left open) take the
// shape of the files --inputs reads them from; the results follow. A file
// whose shape does not fit the argument's static dimensions, or a dynamic
// input without --inputs, is an error that says why.
// RUN: rm -rf %t && mkdir -p %t/three %t/five %t/bad
// RUN: %PYTHON %S/Inputs/npy_info.py --write %t/three/input_0.npy '<f4' 3,4 0..12
// RUN: %PYTHON %S/Inputs/npy_info.py --write %t/five/input_0.npy '<f4' 5,4 0..20
// RUN: %PYTHON %S/Inputs/npy_info.py --write %t/bad/input_0.npy '<f4' 3,5 0..15
// RUN: tuner-opt %s --tuner-lower-cpu -o %t/lowered.mlir
// RUN: tuner-run %t/lowered.mlir --reference=%s --inputs=%t/three --repeats=1 --save-outputs=%t/out3 | FileCheck %s
// RUN: tuner-run %t/lowered.mlir --reference=%s --inputs=%t/five --repeats=1 --save-outputs=%t/out5 | FileCheck %s
// CHECK: reference: match
// RUN: %PYTHON %S/Inputs/npy_info.py %t/out3/output_0.npy %t/out5/output_0.npy | FileCheck %s --check-prefix=SAVED
// SAVED: output_0.npy: descr=<f4 shape=(3,) bytes=12
// SAVED: output_0.npy: descr=<f4 shape=(5,) bytes=20
// RUN: %PYTHON %S/Inputs/npy_info.py --values %t/out3/output_0.npy | FileCheck %s --check-prefix=VALUES
// VALUES: [6.0, 22.0, 38.0]
// RUN: not tuner-run %t/lowered.mlir --inputs=%t/bad --repeats=1 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: tuner-run: input 0: '{{.*}}input_0.npy': its shape (3, 5) does not fit tensor<?x4xf32>
// RUN: not tuner-run %t/lowered.mlir --repeats=1 2>&1 | FileCheck %s --check-prefix=RANDOM
// RANDOM: tuner-run: input #0 has type tensor<?x4xf32>; an input of dynamic shape takes the shape of its data: give it with --inputs=DIR
func.func @rows(%a: tensor<?x4xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x4xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%n) : tensor<?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<?x4xf32>) outs(%f : tensor<?xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}
