// RUN: tuner-opt %s --tuner-gpu-map-forall --split-input-file --verify-diagnostics

// A block loop whose grid exceeds a launch's limits: an error at the loop
// (the op its kernel computes), not one in the generated mapping script.
func.func @rows(%out: memref<70000x4xf32>) {
  %z = arith.constant 0.0 : f32
  // expected-error @below {{the kernel of this op needs a grid of 1 x 70000 x 1 blocks; a launch allows at most 2147483647 x 65535 x 65535}}
  scf.forall (%i) in (70000) {
    scf.forall (%j) in (4) {
      memref.store %z, %out[%i, %j] : memref<70000x4xf32>
    } {mapping = [#gpu.thread<x>]}
  } {mapping = [#gpu.block<y>]}
  return
}

// -----

// Linear ids put every block along x.
func.func @huge(%out: memref<4294967296xf32>) {
  %z = arith.constant 0.0 : f32
  // expected-error @below {{the kernel of this op needs a grid of more than 2147483647 x 1 x 1 blocks}}
  scf.forall (%i) in (4294967296) {
    memref.store %z, %out[%i] : memref<4294967296xf32>
  } {mapping = [#gpu.block<linear_dim_0>]}
  return
}
