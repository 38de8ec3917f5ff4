// RUN: tuner-opt %s --split-input-file --tuner-gpu-simt-matmul --verify-diagnostics

func.func @missing_attribute(%a: memref<32x16xf32>, %b: memref<16x32xf32>, %c: memref<32x32xf32>) {
  scf.forall (%i) in (1) {
    // expected-error @below {{a CUDA-core matmul kernel needs a positive integer 'tuner.simt.stages' attribute}}
    linalg.matmul {tuner.simt.threads_m = 8 : i64, tuner.simt.threads_n = 8 : i64, tuner.simt.tile_k = 8 : i64}
        ins(%a, %b : memref<32x16xf32>, memref<16x32xf32>) outs(%c : memref<32x32xf32>)
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

func.func @bf16_inputs(%a: memref<32x16xbf16>, %b: memref<16x32xbf16>, %c: memref<32x32xf32>) {
  scf.forall (%i) in (1) {
    // expected-error @below {{cannot build a CUDA-core matmul kernel: expected f32 x f32 -> f32}}
    linalg.matmul {tuner.simt.threads_m = 8 : i64, tuner.simt.threads_n = 8 : i64, tuner.simt.tile_k = 8 : i64, tuner.simt.stages = 2 : i64}
        ins(%a, %b : memref<32x16xbf16>, memref<16x32xbf16>) outs(%c : memref<32x32xf32>)
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

func.func @threads(%a: memref<32x16xf32>, %b: memref<16x32xf32>, %c: memref<32x32xf32>) {
  scf.forall (%i) in (1) {
    // expected-error @below {{cannot build a CUDA-core matmul kernel: the 4x16 threads must split the 32x32 tile into rows and groups of 4 columns}}
    linalg.matmul {tuner.simt.threads_m = 4 : i64, tuner.simt.threads_n = 16 : i64, tuner.simt.tile_k = 8 : i64, tuner.simt.stages = 2 : i64}
        ins(%a, %b : memref<32x16xf32>, memref<16x32xf32>) outs(%c : memref<32x32xf32>)
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

func.func @tile_k(%a: memref<32x12xf32>, %b: memref<12x32xf32>, %c: memref<32x32xf32>) {
  scf.forall (%i) in (1) {
    // expected-error @below {{cannot build a CUDA-core matmul kernel: shared-memory rows of 12 and 32 floats: the swizzle takes 8, 16 or a multiple of 32}}
    linalg.matmul {tuner.simt.threads_m = 8 : i64, tuner.simt.threads_n = 8 : i64, tuner.simt.tile_k = 12 : i64, tuner.simt.stages = 2 : i64}
        ins(%a, %b : memref<32x12xf32>, memref<12x32xf32>) outs(%c : memref<32x32xf32>)
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

func.func @row_stride(%a: memref<32x10xf32>, %b: memref<10x32xf32>, %c: memref<32x32xf32>) {
  scf.forall (%i) in (1) {
    // expected-error @below {{cannot build a CUDA-core matmul kernel: expected static row strides, multiples of 4 elements for A and B and of 2 for C, and unit column strides}}
    linalg.matmul {tuner.simt.threads_m = 8 : i64, tuner.simt.threads_n = 8 : i64, tuner.simt.tile_k = 8 : i64, tuner.simt.stages = 2 : i64}
        ins(%a, %b : memref<32x10xf32>, memref<10x32xf32>) outs(%c : memref<32x32xf32>)
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

func.func @not_in_a_block(%a: memref<32x16xf32>, %b: memref<16x32xf32>, %c: memref<32x32xf32>) {
  // expected-error @below {{cannot build a CUDA-core matmul kernel: expected a matmul computed once per GPU block (in an scf.forall mapped to blocks, none mapped to threads)}}
  linalg.matmul {tuner.simt.threads_m = 8 : i64, tuner.simt.threads_n = 8 : i64, tuner.simt.tile_k = 8 : i64, tuner.simt.stages = 2 : i64}
      ins(%a, %b : memref<32x16xf32>, memref<16x32xf32>) outs(%c : memref<32x32xf32>)
  return
}
