// RUN: tuner-opt %s --sched-apply-default="target=cpu:avx2:l1=32k:l2=512k:l3=8m" --sched-export-transform="output=%t.lib.mlir" -o %t.cfg.mlir 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: FileCheck %s --input-file=%t.lib.mlir
// RUN: tuner-opt %t.cfg.mlir --sched-strip | mlir-opt --transform-preload-library="transform-library-paths=%t.lib.mlir" --transform-interpreter | FileCheck %s --check-prefix=REPLAY

// A batch_reduce_matmul's schedule drops the unit batch-reduction dimension
// of its register tile's contraction with sched.drop_contraction_unit_dims,
// which has no upstream equivalent: the export drops it, with a note and a
// warning, and upstream mlir-opt replays the rest (the same values, without
// outer products).

// WARN: warning: exported schedule differs: transform.sched.drop_contraction_unit_dims dropped
// CHECK: note: transform.sched.drop_contraction_unit_dims dropped: the register tile's contraction keeps its unit reduction dimension
// CHECK-NOT: transform.sched.
// REPLAY-LABEL: func.func @brgemm
// REPLAY:         scf.forall
// REPLAY-NOT:     linalg.batch_reduce_matmul
// REPLAY:         vector.reduction
func.func @brgemm(%a: tensor<4x48x64xf32>, %b: tensor<4x64x32xf32>, %c: tensor<48x32xf32>) -> tensor<48x32xf32> {
  %r = linalg.batch_reduce_matmul ins(%a, %b : tensor<4x48x64xf32>, tensor<4x64x32xf32>) outs(%c : tensor<48x32xf32>) -> tensor<48x32xf32>
  return %r : tensor<48x32xf32>
}
