// RUN: tuner-opt %s --split-input-file --tuner-gpu-wgmma-matmul --verify-diagnostics

func.func @missing_attribute(%a: memref<64x64xbf16>, %b: memref<64x64xbf16>, %c: memref<64x64xf32>) {
  scf.forall (%i) in (1) {
    // expected-error @below {{a wgmma matmul needs a positive integer 'tuner.wgmma.stages' attribute}}
    linalg.matmul {tuner.wgmma.warpgroups_m = 1 : i64, tuner.wgmma.warpgroups_n = 1 : i64, tuner.wgmma.tile_k = 64 : i64}
        ins(%a, %b : memref<64x64xbf16>, memref<64x64xbf16>) outs(%c : memref<64x64xf32>)
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

func.func @k_tile(%a: memref<64x64xbf16>, %b: memref<64x64xbf16>, %c: memref<64x64xf32>) {
  scf.forall (%i) in (1) {
    // expected-error @below {{a wgmma matmul takes K in tiles of 64 (one 128-byte swizzle row), not 32}}
    linalg.matmul {tuner.wgmma.warpgroups_m = 1 : i64, tuner.wgmma.warpgroups_n = 1 : i64, tuner.wgmma.tile_k = 32 : i64, tuner.wgmma.stages = 2 : i64}
        ins(%a, %b : memref<64x64xbf16>, memref<64x64xbf16>) outs(%c : memref<64x64xf32>)
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

func.func @f16_result(%a: memref<64x64xf16>, %b: memref<64x64xf16>, %c: memref<64x64xf16>) {
  scf.forall (%i) in (1) {
    // expected-error @below {{cannot build a wgmma kernel: expected bf16 x bf16 -> f32 or f16 x f16 -> f32}}
    linalg.matmul {tuner.wgmma.warpgroups_m = 1 : i64, tuner.wgmma.warpgroups_n = 1 : i64, tuner.wgmma.tile_k = 64 : i64, tuner.wgmma.stages = 2 : i64}
        ins(%a, %b : memref<64x64xf16>, memref<64x64xf16>) outs(%c : memref<64x64xf16>)
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

func.func @rows_per_warpgroup(%a: memref<64x64xbf16>, %b: memref<64x64xbf16>, %c: memref<64x64xf32>) {
  scf.forall (%i) in (1) {
    // expected-error @below {{cannot build a wgmma kernel: the block's 64 rows must be at most 256 and whole 64-row wgmmas for each of 2 warpgroups}}
    linalg.matmul {tuner.wgmma.warpgroups_m = 2 : i64, tuner.wgmma.warpgroups_n = 1 : i64, tuner.wgmma.tile_k = 64 : i64, tuner.wgmma.stages = 2 : i64}
        ins(%a, %b : memref<64x64xbf16>, memref<64x64xbf16>) outs(%c : memref<64x64xf32>)
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

// A made inside the block loop (a block-level temporary): its TMA
// descriptor could not be made on the host.
func.func @operand_in_block(%b: memref<64x64xbf16>, %c: memref<64x64xf32>) {
  scf.forall (%i) in (1) {
    %a = memref.alloc() : memref<64x64xbf16>
    // expected-error @below {{cannot build a wgmma kernel: A's buffer must be defined before the block loop (its TMA descriptor is made on the host)}}
    linalg.matmul {tuner.wgmma.warpgroups_m = 1 : i64, tuner.wgmma.warpgroups_n = 1 : i64, tuner.wgmma.tile_k = 64 : i64, tuner.wgmma.stages = 2 : i64}
        ins(%a, %b : memref<64x64xbf16>, memref<64x64xbf16>) outs(%c : memref<64x64xf32>)
  } {mapping = [#gpu.block<x>]}
  return
}
