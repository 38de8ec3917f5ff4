// A program whose own assertion fails on its inputs (torch-mlir writes
// cf.assert for what its lowering does not implement, as a determinant that
// needs pivoting) ends tuner-run with the assertion's message, even with
// stdout piped and the assertion failing in a parallel loop's thread, and
// the crash report says that an assertion is a cause.
// RUN: rm -rf %t && mkdir -p %t/in
// RUN: %PYTHON %S/Inputs/npy_info.py --write %t/in/input_0.npy '<f4' 64, 0..64
// RUN: tuner-opt %s --sched-apply-default=target=host --sched-materialize --tuner-lower-cpu -o %t/lowered.mlir
// RUN: not --crash tuner-run %t/lowered.mlir --inputs=%t/in --repeats=1 > %t/out.txt 2> %t/err.txt
// RUN: FileCheck %s --check-prefix=OUT < %t/out.txt
// RUN: FileCheck %s < %t/err.txt
// OUT: unimplemented: a zero pivot
// CHECK: and so does an assertion of the program (cf.assert) that fails, whose message is then printed above
// Random inputs are never 0: the same program runs.
// RUN: tuner-run %t/lowered.mlir --reference=%s --repeats=1 | FileCheck %s --check-prefix=RANDOM
// RANDOM: reference: match
#map = affine_map<(d0) -> (d0)>
func.func @main(%a: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %zero = arith.constant 0.0 : f32
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%a : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %ok = arith.cmpf one, %x, %zero : f32
    cf.assert %ok, "unimplemented: a zero pivot"
    %y = arith.divf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}
