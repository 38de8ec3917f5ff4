// RUN: tuner-opt %s --split-input-file --tuner-pack-bf16-dot | FileCheck %s
// RUN: tuner-opt %s --split-input-file --tuner-pack-bf16-dot=multiple=16 | FileCheck %s --check-prefix=M16
// RUN: tuner-opt %s --split-input-file --tuner-pack-bf16-dot=block-n=16 | FileCheck %s --check-prefix=BLOCK
// RUN: not tuner-opt %s --split-input-file --tuner-pack-bf16-dot=multiple=0 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not tuner-opt %s --split-input-file --tuner-pack-bf16-dot=block-n=-16 2>&1 | FileCheck %s --check-prefix=BADBLOCK

// BAD: multiple must be at least 1, got 0
// BADBLOCK: block-n must not be negative, got -16

// With block-n=16, B [K, N] is split into [K/2, 2, N/16, 16] and
// transposed to [N/16, K/2, 16, 2]; C is viewed as [M, N/16, 16] and the
// result collapsed back to [M, N].
// BLOCK-DAG: #[[BA:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>
// BLOCK-DAG: #[[BB:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d1, d3, d2, d4)>
// BLOCK-DAG: #[[BC:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>
// BLOCK-LABEL: func.func @matmul
// BLOCK:       %[[A2:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2]] output_shape [8, 32, 2]
// BLOCK:       %[[B2:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2, 3]] output_shape [32, 2, 3, 16] : tensor<64x48xbf16> into tensor<32x2x3x16xbf16>
// BLOCK:       %[[BP:.*]] = linalg.transpose ins(%[[B2]] : tensor<32x2x3x16xbf16>) outs(%{{.*}} : tensor<3x32x16x2xbf16>) permutation = [2, 0, 3, 1]
// BLOCK:       %[[C3:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2]] output_shape [8, 3, 16] : tensor<8x48xf32> into tensor<8x3x16xf32>
// BLOCK:       %[[R:.*]] = linalg.generic {indexing_maps = [#[[BA]], #[[BB]], #[[BC]]], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%[[A2]], %[[BP]] : tensor<8x32x2xbf16>, tensor<3x32x16x2xbf16>) outs(%[[C3]] : tensor<8x3x16xf32>)
// BLOCK:       tensor.collapse_shape %[[R]] {{\[}}[0], [1, 2]] : tensor<8x3x16xf32> into tensor<8x48xf32>

// A bf16 matmul accumulating in f32: A reshaped to K pairs, B reshaped and
// transposed to [K/2, N, 2], the contraction over (m, n, k, p).
// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2, d3) -> (d2, d1, d3)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
// CHECK-LABEL: func.func @matmul
// CHECK:       %[[A2:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2]] output_shape [8, 32, 2] : tensor<8x64xbf16> into tensor<8x32x2xbf16>
// CHECK:       %[[B2:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2]] output_shape [32, 2, 48] : tensor<64x48xbf16> into tensor<32x2x48xbf16>
// CHECK:       %[[BP:.*]] = linalg.transpose ins(%[[B2]] : tensor<32x2x48xbf16>) outs(%{{.*}} : tensor<32x48x2xbf16>) permutation = [0, 2, 1]
// CHECK:       linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%[[A2]], %[[BP]] : tensor<8x32x2xbf16>, tensor<32x48x2xbf16>) outs(%{{.*}} : tensor<8x48xf32>)
// CHECK:         arith.extf
// CHECK:         arith.extf
// CHECK:         arith.mulf
// CHECK:         arith.addf
// CHECK-NOT:   linalg.matmul
func.func @matmul(%a: tensor<8x64xbf16>, %b: tensor<64x48xbf16>, %c: tensor<8x48xf32>) -> tensor<8x48xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<8x64xbf16>, tensor<64x48xbf16>) outs(%c : tensor<8x48xf32>) -> tensor<8x48xf32>
  return %0 : tensor<8x48xf32>
}

// -----

// B as [N, K] (a generic matmul with a transposed B): reshaped to
// [N, K/2, 2] and transposed to [K/2, N, 2].
// CHECK-LABEL: func.func @transposed_b
// With block-n=16, [N, K] is split into [N/16, 16, K/2, 2] and transposed
// to [N/16, K/2, 16, 2].
// BLOCK-LABEL: func.func @transposed_b
// BLOCK:       tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2, 3]] output_shape [3, 16, 32, 2] : tensor<48x64xbf16> into tensor<3x16x32x2xbf16>
// BLOCK:       linalg.transpose ins(%{{.*}} : tensor<3x16x32x2xbf16>) outs(%{{.*}} : tensor<3x32x16x2xbf16>) permutation = [0, 2, 1, 3]
// CHECK:       tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2]] output_shape [48, 32, 2] : tensor<48x64xbf16> into tensor<48x32x2xbf16>
// CHECK:       linalg.transpose ins(%{{.*}} : tensor<48x32x2xbf16>) outs(%{{.*}} : tensor<32x48x2xbf16>) permutation = [1, 0, 2]
// CHECK:       iterator_types = ["parallel", "parallel", "reduction", "reduction"]
#mA = affine_map<(m, n, k) -> (m, k)>
#mBt = affine_map<(m, n, k) -> (n, k)>
#mC = affine_map<(m, n, k) -> (m, n)>
func.func @transposed_b(%a: tensor<8x64xbf16>, %b: tensor<48x64xbf16>, %c: tensor<8x48xf32>) -> tensor<8x48xf32> {
  %0 = linalg.generic {indexing_maps = [#mA, #mBt, #mC], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<8x64xbf16>, tensor<48x64xbf16>) outs(%c : tensor<8x48xf32>) {
  ^bb0(%x: bf16, %y: bf16, %o: f32):
    %xe = arith.extf %x : bf16 to f32
    %ye = arith.extf %y : bf16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<8x48xf32>
  return %0 : tensor<8x48xf32>
}

// -----

// Left alone: an odd K, f32 inputs, a bf16 accumulator, dynamic shapes.
// CHECK-LABEL: func.func @untouched
// CHECK-NOT:   tensor.expand_shape
// CHECK-COUNT-4: linalg.matmul
func.func @untouched(%a: tensor<8x63xbf16>, %b: tensor<63x48xbf16>, %c: tensor<8x48xf32>,
                     %fa: tensor<8x64xf32>, %fb: tensor<64x48xf32>,
                     %ha: tensor<8x64xbf16>, %hb: tensor<64x48xbf16>, %hc: tensor<8x48xbf16>,
                     %da: tensor<?x64xbf16>, %dc: tensor<?x48xf32>) -> (tensor<8x48xf32>, tensor<8x48xf32>, tensor<8x48xbf16>, tensor<?x48xf32>) {
  %0 = linalg.matmul ins(%a, %b : tensor<8x63xbf16>, tensor<63x48xbf16>) outs(%c : tensor<8x48xf32>) -> tensor<8x48xf32>
  %1 = linalg.matmul ins(%fa, %fb : tensor<8x64xf32>, tensor<64x48xf32>) outs(%c : tensor<8x48xf32>) -> tensor<8x48xf32>
  %2 = linalg.matmul ins(%ha, %hb : tensor<8x64xbf16>, tensor<64x48xbf16>) outs(%hc : tensor<8x48xbf16>) -> tensor<8x48xbf16>
  %3 = linalg.matmul ins(%da, %hb : tensor<?x64xbf16>, tensor<64x48xbf16>) outs(%dc : tensor<?x48xf32>) -> tensor<?x48xf32>
  return %0, %1, %2, %3 : tensor<8x48xf32>, tensor<8x48xf32>, tensor<8x48xbf16>, tensor<?x48xf32>
}

// -----

// With multiple=16 (tuner-prepare for AMX targets) only matmuls whose M, N
// and K/2 are multiples of 16 are packed: @matmul (M = 8) above is not,
// this one is.

// M16-LABEL: func.func @matmul
// M16:         linalg.matmul
// M16-LABEL: func.func @tiles
// M16:         linalg.transpose
// M16:         linalg.generic
// CHECK-LABEL: func.func @tiles
// CHECK:         linalg.generic
func.func @tiles(%a: tensor<16x64xbf16>, %b: tensor<64x48xbf16>, %c: tensor<16x48xf32>) -> tensor<16x48xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<16x64xbf16>, tensor<64x48xbf16>) outs(%c : tensor<16x48xf32>) -> tensor<16x48xf32>
  return %r : tensor<16x48xf32>
}

// -----

// N = 40 is no multiple of 16: with block-n=16, B as [K/2, N, 2] still.
// BLOCK-LABEL: func.func @unblocked
// BLOCK:       linalg.transpose ins(%{{.*}} : tensor<32x2x40xbf16>) outs(%{{.*}} : tensor<32x40x2xbf16>) permutation = [0, 2, 1]
// BLOCK:       iterator_types = ["parallel", "parallel", "reduction", "reduction"]
// BLOCK-NOT:   tensor.collapse_shape
func.func @unblocked(%a: tensor<8x64xbf16>, %b: tensor<64x40xbf16>, %c: tensor<8x40xf32>) -> tensor<8x40xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x64xbf16>, tensor<64x40xbf16>) outs(%c : tensor<8x40xf32>) -> tensor<8x40xf32>
  return %r : tensor<8x40xf32>
}

// -----

// With block-n=16, N = 80 (5 blocks, which no register tile of 2 to 4
// blocks divides) is padded with a zero block of B's columns to 96, the
// zero accumulator is filled at 96 columns, and the result is sliced back
// to 80; N = 40 (under 4 blocks, not whole ones) keeps the pairs form.
// BLOCK-LABEL: func.func @padded_blocks
// BLOCK:       tensor.pad %{{.*}} low[0, 0] high[0, 16]
// BLOCK:       : tensor<64x80xbf16> to tensor<64x96xbf16>
// BLOCK:       tensor.expand_shape %{{.*}} output_shape [32, 2, 6, 16] : tensor<64x96xbf16> into tensor<32x2x6x16xbf16>
// BLOCK:       linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<8x96xf32>)
// BLOCK:       linalg.generic {{.*}} outs(%{{.*}} : tensor<8x6x16xf32>)
// BLOCK:       tensor.collapse_shape %{{.*}} : tensor<8x6x16xf32> into tensor<8x96xf32>
// BLOCK:       tensor.extract_slice %{{.*}}[0, 0] [8, 80] [1, 1] : tensor<8x96xf32> to tensor<8x80xf32>
// BLOCK:       linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction", "reduction"]{{.*}} outs(%{{.*}} : tensor<8x40xf32>)
func.func @padded_blocks(%a: tensor<8x64xbf16>, %b: tensor<64x80xbf16>, %b2: tensor<64x40xbf16>) -> (tensor<8x80xf32>, tensor<8x40xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x80xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x80xf32>) -> tensor<8x80xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<8x64xbf16>, tensor<64x80xbf16>) outs(%f : tensor<8x80xf32>) -> tensor<8x80xf32>
  %e2 = tensor.empty() : tensor<8x40xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<8x40xf32>) -> tensor<8x40xf32>
  %1 = linalg.matmul ins(%a, %b2 : tensor<8x64xbf16>, tensor<64x40xbf16>) outs(%f2 : tensor<8x40xf32>) -> tensor<8x40xf32>
  return %0, %1 : tensor<8x80xf32>, tensor<8x40xf32>
}
