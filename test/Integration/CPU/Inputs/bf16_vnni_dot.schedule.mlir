// The schedule of bf16_vnni_dot.mlir: 8x32 register tiles unrolled into
// 1x16x(1x2) contractions, which upstream's x86vector patterns turn into
// vdpbf16ps (one row of A broadcast, a VNNI row of B), accumulators hoisted
// out of the K loop (B rows read whole thanks to tuner-flatten-vector-transfers).
// An experiment towards a bf16 sketch (issue 14): 128x768x768 in 0.38 ms on
// two Zen 4 cores, against 0.66 ms for the f32 path.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %fill = transform.structured.match ops{["linalg.fill"]} in %root : (!transform.any_op) -> !transform.any_op
    %t0, %forall = transform.structured.tile_using_forall %mm tile_sizes [64, 128, 0, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %ff, %fl = transform.structured.fuse_into_containing_op %fill into %forall : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %t1, %lm, %ln = transform.structured.tile_using_for %t0 tile_sizes [8, 32, 0, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %t2, %lk = transform.structured.tile_using_for %t1 tile_sizes [0, 0, 1, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %t3, %im, %in = transform.structured.tile_using_for %t2 tile_sizes [1, 16, 0, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.structured.vectorize %t3 {create_named_contraction} : !transform.any_op
    transform.loop.unroll %in {factor = 2} : !transform.any_op
    transform.loop.unroll %im {factor = 8} : !transform.any_op
    %fv = transform.structured.match ops{["linalg.fill"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %fv : !transform.any_op
    %func = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %func {
      transform.apply_patterns.vector.transfer_permutation_patterns
      transform.apply_patterns.vector.reduction_to_contract
      transform.apply_patterns.vector.fold_arith_extension
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.apply_patterns to %func {
      transform.apply_patterns.x86vector.vector_contract_to_packed_type_dot_product
    } : !transform.any_op
    transform.apply_licm to %lk : !transform.any_op
    transform.loop.hoist_loop_invariant_subsets %lk : !transform.any_op
    transform.yield
  }
}
