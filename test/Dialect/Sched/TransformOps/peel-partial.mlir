// RUN: tuner-opt %s --transform-interpreter --split-input-file --verify-diagnostics | FileCheck %s

// 10 rows in tiles of 4: two full tiles in the loop, the partial one (2
// rows) peeled into a loop of its own whose tile is static.
// CHECK-LABEL: func.func @partial
// CHECK:       scf.for %{{.*}} = %c0 to %c8 step %c4
// CHECK:         linalg.fill {{.*}} -> tensor<4x16xf32>
// CHECK:       scf.for %{{.*}} = %c8 to %c10 step %c4
// CHECK:         linalg.fill {{.*}} -> tensor<2x16xf32>
// CHECK-NOT:   tensor<?
func.func @partial(%out: tensor<10x16xf32>) -> tensor<10x16xf32> {
  %zero = arith.constant 0.0 : f32
  %r = linalg.fill ins(%zero : f32) outs(%out : tensor<10x16xf32>) -> tensor<10x16xf32>
  return %r : tensor<10x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %fill = transform.structured.match ops{["linalg.fill"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %tiled, %loop = transform.structured.tile_using_for %fill tile_sizes [4, 0]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %full, %partial = transform.sched.peel_partial %loop
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.apply_patterns to %partial {
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.apply_patterns to %full {
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.yield
  }
}

// -----

// A step that divides the range: the loop is left as it is and the
// remainder handle is empty (a match in it finds nothing to annotate).
// CHECK-LABEL: func.func @divisible
// CHECK:       scf.for %{{.*}} = %c0 to %c12 step %c4
// CHECK-NOT:   {{scf.for|peeled}}
// CHECK:       return
func.func @divisible(%out: tensor<12x16xf32>) -> tensor<12x16xf32> {
  %zero = arith.constant 0.0 : f32
  %r = linalg.fill ins(%zero : f32) outs(%out : tensor<12x16xf32>) -> tensor<12x16xf32>
  return %r : tensor<12x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %fill = transform.structured.match ops{["linalg.fill"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %tiled, %loop = transform.structured.tile_using_for %fill tile_sizes [4, 0]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %full, %partial = transform.sched.peel_partial %loop
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.annotate %partial "peeled" : !transform.any_op
    transform.yield
  }
}

// -----

func.func @not_a_loop(%out: tensor<4xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %r = linalg.fill ins(%zero : f32) outs(%out : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %fill = transform.structured.match ops{["linalg.fill"]} in %root
        : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expected scf.for, got linalg.fill}}
    %full, %partial = transform.sched.peel_partial %fill
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
