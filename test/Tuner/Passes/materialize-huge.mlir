// Extents near INT64_MAX get block sizes that do not overflow: the default
// schedule of these matmuls materializes (the padded sketch's list of M and
// N blocks held -2^63, and tile_using_forall crashed on it).
// RUN: tuner-opt %s --split-input-file --sched-apply-default="target=cpu:avx512" --sched-materialize | FileCheck %s
// RUN: tuner-opt %s --split-input-file --sched-apply-default="target=cpu:avx2" --sched-materialize | FileCheck %s
// On a CUDA target, tuner-prepare's padding of odd matmuls leaves these
// alone (rounding INT64_MAX up overflowed and crashed the canonicalizer).
// RUN: tuner-opt %s --split-input-file --sched-apply-default="target=cuda:sm_80" --sched-materialize | FileCheck %s

// CHECK-LABEL: func.func @huge_mn
// CHECK: scf.forall
func.func @huge_mn(%a: tensor<9223372036854775807x4xf32>, %b: tensor<4x9223372036854775807xf32>, %c: tensor<9223372036854775807x9223372036854775807xf32>) -> tensor<9223372036854775807x9223372036854775807xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<9223372036854775807x4xf32>, tensor<4x9223372036854775807xf32>) outs(%c : tensor<9223372036854775807x9223372036854775807xf32>) -> tensor<9223372036854775807x9223372036854775807xf32>
  return %r : tensor<9223372036854775807x9223372036854775807xf32>
}

// -----

// CHECK-LABEL: func.func @huge_mnk
// CHECK: scf.forall
func.func @huge_mnk(%a: tensor<9223372036854775807x9223372036854775807xf32>, %b: tensor<9223372036854775807x9223372036854775807xf32>, %c: tensor<9223372036854775807x9223372036854775807xf32>) -> tensor<9223372036854775807x9223372036854775807xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<9223372036854775807x9223372036854775807xf32>, tensor<9223372036854775807x9223372036854775807xf32>) outs(%c : tensor<9223372036854775807x9223372036854775807xf32>) -> tensor<9223372036854775807x9223372036854775807xf32>
  return %r : tensor<9223372036854775807x9223372036854775807xf32>
}
