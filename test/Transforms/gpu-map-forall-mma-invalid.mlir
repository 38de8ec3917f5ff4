// RUN: tuner-opt %s --tuner-gpu-map-forall --verify-diagnostics

// Bad input: a marked f32-accumulating matmul that is not one mma tile.
module {
  func.func @not_a_tile(%a: memref<32x16xbf16>, %b: memref<16x8xbf16>, %c: memref<32x8xf32>) {
    scf.forall (%i) in (1) {
      // expected-error @below {{a mixed-precision tensor-core matmul must be a 16x16 x 16x8 -> 16x8 linalg.matmul}}
      linalg.matmul {tuner.mma_sync} ins(%a, %b : memref<32x16xbf16>, memref<16x8xbf16>) outs(%c : memref<32x8xf32>)
    } {mapping = [#gpu.block<x>]}
    return
  }
}
