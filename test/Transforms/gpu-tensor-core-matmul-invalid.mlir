// RUN: tuner-opt %s --split-input-file --tuner-gpu-tensor-core-matmul --verify-diagnostics

func.func @missing_attribute(%a: memref<16x16xbf16>, %b: memref<16x16xbf16>, %c: memref<16x16xf32>) {
  scf.forall (%i) in (1) {
    // expected-error @below {{a tensor-core matmul needs a positive integer 'tuner.tensor_core.stages' attribute}}
    linalg.matmul {tuner.tensor_core.warps_m = 1 : i64, tuner.tensor_core.warps_n = 1 : i64, tuner.tensor_core.tile_k = 16 : i64}
        ins(%a, %b : memref<16x16xbf16>, memref<16x16xbf16>) outs(%c : memref<16x16xf32>)
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

func.func @f64_inputs(%a: memref<16x16xf64>, %b: memref<16x16xf64>, %c: memref<16x16xf64>) {
  scf.forall (%i) in (1) {
    // expected-error @below {{cannot build a tensor-core kernel: expected bf16 x bf16 -> f32, f16 x f16 -> f32, f16 x f16 -> f16 or f32 x f32 -> f32 (tf32)}}
    linalg.matmul {tuner.tensor_core.warps_m = 1 : i64, tuner.tensor_core.warps_n = 1 : i64, tuner.tensor_core.tile_k = 16 : i64, tuner.tensor_core.stages = 2 : i64}
        ins(%a, %b : memref<16x16xf64>, memref<16x16xf64>) outs(%c : memref<16x16xf64>)
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

// tf32 steps are 8 deep: a K tile of 12 is not whole steps.
func.func @tf32_k_tile(%a: memref<16x24xf32>, %b: memref<24x16xf32>, %c: memref<16x16xf32>) {
  scf.forall (%i) in (1) {
    // expected-error @below {{cannot build a tensor-core kernel: the K tile 12 must be a multiple of 8 that divides K = 24}}
    linalg.matmul {tuner.tensor_core.warps_m = 1 : i64, tuner.tensor_core.warps_n = 1 : i64, tuner.tensor_core.tile_k = 12 : i64, tuner.tensor_core.stages = 2 : i64}
        ins(%a, %b : memref<16x24xf32>, memref<24x16xf32>) outs(%c : memref<16x16xf32>)
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

func.func @not_in_a_block(%a: memref<16x16xbf16>, %b: memref<16x16xbf16>, %c: memref<16x16xf32>) {
  // expected-error @below {{cannot build a tensor-core kernel: expected a matmul computed once per GPU block (in an scf.forall mapped to blocks, none mapped to threads)}}
  linalg.matmul {tuner.tensor_core.warps_m = 1 : i64, tuner.tensor_core.warps_n = 1 : i64, tuner.tensor_core.tile_k = 16 : i64, tuner.tensor_core.stages = 2 : i64}
      ins(%a, %b : memref<16x16xbf16>, memref<16x16xbf16>) outs(%c : memref<16x16xf32>)
  return
}

// -----

func.func @warp_tiles(%a: memref<32x16xbf16>, %b: memref<16x48xbf16>, %c: memref<32x48xf32>) {
  scf.forall (%i) in (1) {
    // expected-error @below {{cannot build a tensor-core kernel: each warp's tile of 32x48 / 1x2 warps must be made of 16x16 fragments}}
    linalg.matmul {tuner.tensor_core.warps_m = 1 : i64, tuner.tensor_core.warps_n = 2 : i64, tuner.tensor_core.tile_k = 16 : i64, tuner.tensor_core.stages = 2 : i64}
        ins(%a, %b : memref<32x16xbf16>, memref<16x48xbf16>) outs(%c : memref<32x48xf32>)
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

func.func @tile_k(%a: memref<16x48xbf16>, %b: memref<48x16xbf16>, %c: memref<16x16xf32>) {
  scf.forall (%i) in (1) {
    // expected-error @below {{cannot build a tensor-core kernel: the K tile 32 must be a multiple of 16 that divides K = 48}}
    linalg.matmul {tuner.tensor_core.warps_m = 1 : i64, tuner.tensor_core.warps_n = 1 : i64, tuner.tensor_core.tile_k = 32 : i64, tuner.tensor_core.stages = 2 : i64}
        ins(%a, %b : memref<16x48xbf16>, memref<48x16xbf16>) outs(%c : memref<16x16xf32>)
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

func.func @dynamic_strides(%a: memref<16x16xbf16, strided<[?, 1]>>, %b: memref<16x16xbf16>, %c: memref<16x16xf32>) {
  scf.forall (%i) in (1) {
    // expected-error @below {{cannot build a tensor-core kernel: expected static row strides, multiples of 8 elements for A and B and of 2 for C, and unit column strides}}
    linalg.matmul {tuner.tensor_core.warps_m = 1 : i64, tuner.tensor_core.warps_n = 1 : i64, tuner.tensor_core.tile_k = 16 : i64, tuner.tensor_core.stages = 2 : i64}
        ins(%a, %b : memref<16x16xbf16, strided<[?, 1]>>, memref<16x16xbf16>) outs(%c : memref<16x16xf32>)
  } {mapping = [#gpu.block<x>]}
  return
}
