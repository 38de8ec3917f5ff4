// RUN: tuner-opt %s --transform-interpreter --split-input-file --verify-diagnostics | FileCheck %s

// A 10 x 12 grid of 32 x 32 block tiles in groups of 4 block rows: the
// linear index p = i * 12 + j, its group p / 48, the group's first row and
// height (the last group has 2 rows), the tile's row and column; the slices
// take the new indices, and the loop is marked.
// CHECK-LABEL: func.func @grid
// CHECK:       scf.forall (%[[I:.*]], %[[J:.*]]) in (10, 12)
// CHECK-DAG:     %[[C12:.*]] = arith.constant 12 : index
// CHECK-DAG:     %[[C48:.*]] = arith.constant 48 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C10:.*]] = arith.constant 10 : index
// CHECK:         %[[SCALED:.*]] = arith.muli %[[I]], %[[C12]]
// CHECK:         %[[P:.*]] = arith.addi %[[SCALED]], %[[J]]
// CHECK:         %[[G:.*]] = arith.divui %[[P]], %[[C48]]
// CHECK:         %[[FIRST:.*]] = arith.muli %[[G]], %[[C4]]
// CHECK:         %[[LEFT:.*]] = arith.subi %[[C10]], %[[FIRST]]
// CHECK:         %[[ROWS:.*]] = arith.minui %[[LEFT]], %[[C4]]
// CHECK:         %[[Q:.*]] = arith.remui %[[P]], %[[C48]]
// CHECK:         %[[R:.*]] = arith.remui %[[Q]], %[[ROWS]]
// CHECK:         %[[ROW:.*]] = arith.addi %[[FIRST]], %[[R]]
// CHECK:         %[[COL:.*]] = arith.divui %[[Q]], %[[ROWS]]
// CHECK:         affine.apply #{{.*}}(%[[ROW]])
// CHECK:         affine.apply #{{.*}}(%[[COL]])
// CHECK:       } {mapping = [#gpu.block<y>, #gpu.block<x>], tuner.block_raster = 4 : i64}
func.func @grid(%a: tensor<320x64xf32>, %b: tensor<64x384xf32>, %c: tensor<320x384xf32>) -> tensor<320x384xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<320x64xf32>, tensor<64x384xf32>) outs(%c : tensor<320x384xf32>) -> tensor<320x384xf32>
  return %r : tensor<320x384xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %tiled, %blocks = transform.structured.tile_using_forall %mm
        tile_sizes [32, 32] (mapping = [#gpu.block<y>, #gpu.block<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.sched.rasterize_blocks %blocks group_rows = 4 : !transform.any_op
    transform.yield
  }
}

// -----

// One row of blocks (a 32-row matmul), or groups of 1 row: the order cannot
// change; only the mark.
// CHECK-LABEL: func.func @one_row
// CHECK-NOT:   arith.divui
// CHECK:       } {mapping = [#gpu.block<y>, #gpu.block<x>], tuner.block_raster = 8 : i64}
func.func @one_row(%a: tensor<32x64xf32>, %b: tensor<64x384xf32>, %c: tensor<32x384xf32>) -> tensor<32x384xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<32x64xf32>, tensor<64x384xf32>) outs(%c : tensor<32x384xf32>) -> tensor<32x384xf32>
  return %r : tensor<32x384xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %tiled, %blocks = transform.structured.tile_using_forall %mm
        tile_sizes [32, 32] (mapping = [#gpu.block<y>, #gpu.block<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.sched.rasterize_blocks %blocks group_rows = 8 : !transform.any_op
    transform.yield
  }
}

// -----

// Not a 2-D block loop: a silenceable error with the reason at the op; the
// payload is left as it was.
func.func @not_a_loop(%a: tensor<32x64xf32>, %b: tensor<64x384xf32>, %c: tensor<32x384xf32>) -> tensor<32x384xf32> {
  // expected-note@below {{expected an scf.forall}}
  %r = linalg.matmul ins(%a, %b : tensor<32x64xf32>, tensor<64x384xf32>) outs(%c : tensor<32x384xf32>) -> tensor<32x384xf32>
  return %r : tensor<32x384xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root
        : (!transform.any_op) -> !transform.any_op
    // expected-error@below {{cannot rasterize the blocks}}
    transform.sched.rasterize_blocks %mm group_rows = 4 : !transform.any_op
    transform.yield
  }
}

// -----

func.func @one_dim(%a: tensor<32x64xf32>, %b: tensor<64x384xf32>, %c: tensor<32x384xf32>) -> tensor<32x384xf32> {
  // The loop tiling made has the matmul's location.
  // expected-note@below {{expected a 2-D scf.forall from 0 in steps of 1 with static trip counts}}
  %r = linalg.matmul ins(%a, %b : tensor<32x64xf32>, tensor<64x384xf32>) outs(%c : tensor<32x384xf32>) -> tensor<32x384xf32>
  return %r : tensor<32x384xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %tiled, %blocks = transform.structured.tile_using_forall %mm
        tile_sizes [0, 32] (mapping = [#gpu.block<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    // expected-error@below {{cannot rasterize the blocks}}
    transform.sched.rasterize_blocks %blocks group_rows = 4 : !transform.any_op
    transform.yield
  }
}
