// Integer inputs that hold indices (here a gather's positions into a table
// of 3 rows, after torch-mlir's wrap of negative ones and its bounds
// assertions) get random values in [0, 3), the extent they index, where
// other integers are in [1, 8]: the program runs on random inputs, and
// tuning its gather checks candidates (before, every random input failed
// the assertion: "index must be smaller than dim size", no reference, no
// config). The bound is recorded in tuner.kernel; other inputs have none.
// RUN: tuner-opt %s --tuner-lower-cpu -o %t.lowered.mlir
// RUN: FileCheck %s --check-prefix=BOUNDS < %t.lowered.mlir
// BOUNDS: input_bounds = array<i64: 0, 3, 0>
// RUN: tuner-run %t.lowered.mlir --reference=%s --repeats=1 | FileCheck %s
// CHECK: reference: match
// RUN: rm -f %t.db && tuner-opt %s --tuner-tune="target=host trials=2 progress=off database=%t.db" -o %t.tuned.mlir 2>&1 | FileCheck %s --allow-empty --check-prefix=TUNE
// TUNE-NOT: no valid, checked config
// RUN: FileCheck %s --check-prefix=TUNED < %t.tuned.mlir
// TUNED: sched.config
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @gather(%table: tensor<3x64xf32>, %positions: tensor<8x64xi64>, %other: tensor<8x64xi32>) -> tensor<8x64xf32> {
  %c0_i64 = arith.constant 0 : i64
  %c3_i64 = arith.constant 3 : i64
  %c3 = arith.constant 3 : index
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<8x64xi64>
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%positions : tensor<8x64xi64>) outs(%0 : tensor<8x64xi64>) {
  ^bb0(%in: i64, %out: i64):
    %w = arith.addi %in, %c3_i64 : i64
    %n = arith.cmpi slt, %in, %c0_i64 : i64
    %s = arith.select %n, %w, %in : i64
    linalg.yield %s : i64
  } -> tensor<8x64xi64>
  %5 = tensor.empty() : tensor<8x64xf32>
  %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %other : tensor<8x64xi64>, tensor<8x64xi32>) outs(%5 : tensor<8x64xf32>) {
  ^bb0(%in: i64, %o: i32, %out: f32):
    %8 = arith.index_cast %in : i64 to index
    %9 = linalg.index 1 : index
    %10 = arith.cmpi slt, %8, %c3 : index
    cf.assert %10, "index must be smaller than dim size"
    %11 = arith.cmpi sge, %in, %c0_i64 : i64
    cf.assert %11, "index must be larger or equal to 0"
    %extracted = tensor.extract %table[%8, %9] : tensor<3x64xf32>
    %f = arith.sitofp %o : i32 to f32
    %r = arith.addf %extracted, %f : f32
    linalg.yield %r : f32
  } -> tensor<8x64xf32>
  return %7 : tensor<8x64xf32>
}
