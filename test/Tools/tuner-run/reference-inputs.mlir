// The reference runs on the module's inputs: the module's signature bounds
// its positions to the table's 3 rows, the reference's (the positions pass
// through an op the analysis does not follow) does not; the reference still
// gets the module's positions (before, it drew its own in [-8, 8] and read
// other rows: a mismatch the module did not cause).
// RUN: tuner-opt %s --tuner-lower-cpu -o %t.lowered.mlir
// RUN: FileCheck %s --check-prefix=BOUNDS < %t.lowered.mlir
// BOUNDS: input_bounds = array<i64: 0, 3>
// RUN: tuner-run %t.lowered.mlir --reference=%S/Inputs/gather_scaled_positions.mlir --repeats=1 | FileCheck %s
// CHECK: reference: match
//
// Positions expanded to a trailing unit dimension before the gather (as JAX
// writes its gathers) are followed through the reshape.
// RUN: tuner-opt %S/Inputs/gather_expanded_positions.mlir --tuner-lower-cpu | FileCheck %s --check-prefix=EXPANDED
// EXPANDED: input_bounds = array<i64: 0, 3>
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @gather(%table: tensor<3x64xf32>, %positions: tensor<8x64xi64>) -> tensor<8x64xf32> {
  %0 = tensor.empty() : tensor<8x64xf32>
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%positions : tensor<8x64xi64>) outs(%0 : tensor<8x64xf32>) {
  ^bb0(%in: i64, %out: f32):
    %row = arith.index_cast %in : i64 to index
    %col = linalg.index 1 : index
    %v = tensor.extract %table[%row, %col] : tensor<3x64xf32>
    linalg.yield %v : f32
  } -> tensor<8x64xf32>
  return %1 : tensor<8x64xf32>
}
