// RUN: tuner-opt %s --tuner-pad-contractions --split-input-file | FileCheck %s

// An odd bf16 matmul with a bias and a ReLU: A, B and the bias are written
// into zero-filled tensors of the padded extents (257 -> 320, 509 -> 512,
// 383 -> 384), the fill and the consumer run on the padded shape, and the
// original extents are extracted after the consumer.

// CHECK-LABEL: func.func @bias_relu_bf16
// CHECK:       %[[FA:.*]] = linalg.fill ins(%{{.*}} : bf16) outs(%{{.*}} : tensor<320x512xbf16>)
// CHECK:       %[[A:.*]] = tensor.insert_slice %arg0 into %[[FA]][0, 0] [257, 509] [1, 1]
// CHECK:       %[[FB:.*]] = linalg.fill ins(%{{.*}} : bf16) outs(%{{.*}} : tensor<512x384xbf16>)
// CHECK:       %[[B:.*]] = tensor.insert_slice %arg1 into %[[FB]][0, 0] [509, 383] [1, 1]
// CHECK:       %[[E:.*]] = tensor.empty() : tensor<320x384xf32>
// CHECK:       %[[C:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<320x384xf32>)
// CHECK:       %[[M:.*]] = linalg.matmul ins(%[[A]], %[[B]] : tensor<320x512xbf16>, tensor<512x384xbf16>) outs(%[[C]] : tensor<320x384xf32>)
// CHECK:       %[[BIAS:.*]] = tensor.insert_slice %arg2 into %{{.*}}[0] [383] [1] : tensor<383xf32> into tensor<384xf32>
// CHECK:       %[[G:.*]] = linalg.generic {{.*}} ins(%[[M]], %[[BIAS]] : tensor<320x384xf32>, tensor<384xf32>) outs(%{{.*}} : tensor<320x384xf32>)
// CHECK:         arith.maximumf
// CHECK:       %[[R:.*]] = tensor.extract_slice %[[G]][0, 0] [257, 383] [1, 1] : tensor<320x384xf32> to tensor<257x383xf32>
// CHECK:       return %[[R]]
func.func @bias_relu_bf16(%a: tensor<257x509xbf16>, %b: tensor<509x383xbf16>, %bias: tensor<383xf32>) -> tensor<257x383xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<257x383xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<257x383xf32>) -> tensor<257x383xf32>
  %r = linalg.matmul ins(%a, %b : tensor<257x509xbf16>, tensor<509x383xbf16>) outs(%f : tensor<257x383xf32>) -> tensor<257x383xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%r, %bias : tensor<257x383xf32>, tensor<383xf32>) outs(%e : tensor<257x383xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<257x383xf32>
  return %g : tensor<257x383xf32>
}

// -----

// f32 needs multiples of 4: 20 x 30 x 20 pads N only (30 -> 32) and keeps
// an init that is not a fill (padded with zeros, accumulated into); a
// result with two users ends the chain at the matmul.

// CHECK-LABEL: func.func @f32_init_two_users
// CHECK:       %[[B:.*]] = tensor.insert_slice %arg1 into %{{.*}}[0, 0] [20, 30] [1, 1] : tensor<20x30xf32> into tensor<20x32xf32>
// CHECK:       %[[C:.*]] = tensor.insert_slice %arg2 into %{{.*}}[0, 0] [20, 30] [1, 1] : tensor<20x30xf32> into tensor<20x32xf32>
// CHECK:       %[[M:.*]] = linalg.matmul ins(%arg0, %[[B]] : tensor<20x20xf32>, tensor<20x32xf32>) outs(%[[C]] : tensor<20x32xf32>)
// CHECK:       %[[R:.*]] = tensor.extract_slice %[[M]][0, 0] [20, 30] [1, 1]
// CHECK:       linalg.generic {{.*}} ins(%[[R]], %[[R]] : tensor<20x30xf32>, tensor<20x30xf32>)
func.func @f32_init_two_users(%a: tensor<20x20xf32>, %b: tensor<20x30xf32>, %c: tensor<20x30xf32>) -> tensor<20x30xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<20x20xf32>, tensor<20x30xf32>) outs(%c : tensor<20x30xf32>) -> tensor<20x30xf32>
  %e = tensor.empty() : tensor<20x30xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%r, %r : tensor<20x30xf32>, tensor<20x30xf32>) outs(%e : tensor<20x30xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.mulf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<20x30xf32>
  return %g : tensor<20x30xf32>
}

// -----

// A bf16 batch matmul (ViT's attention scores: 12 heads of 197 tokens x 64)
// with its scaling: M and N padded (197 -> 256), the batch and K kept; the
// fill and the consumer run on the padded shape, the original extents
// extracted after it.
// CHECK-LABEL: func.func @vit_scores_bf16
// CHECK:         tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 0] [12, 197, 64] [1, 1, 1] : tensor<12x197x64xbf16> into tensor<12x256x64xbf16>
// CHECK:         tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 0] [12, 64, 197] [1, 1, 1] : tensor<12x64x197xbf16> into tensor<12x64x256xbf16>
// CHECK:         %[[F:.*]] = linalg.fill {{.*}} -> tensor<12x256x256xf32>
// CHECK:         %[[MM:.*]] = linalg.batch_matmul ins({{.*}} : tensor<12x256x64xbf16>, tensor<12x64x256xbf16>) outs(%[[F]] : tensor<12x256x256xf32>)
// CHECK:         %[[S:.*]] = linalg.generic {{.*}} ins(%[[MM]] : tensor<12x256x256xf32>)
// CHECK:         tensor.extract_slice %[[S]][0, 0, 0] [12, 197, 197] [1, 1, 1] : tensor<12x256x256xf32> to tensor<12x197x197xf32>
func.func @vit_scores_bf16(%a: tensor<12x197x64xbf16>, %b: tensor<12x64x197xbf16>) -> tensor<12x197x197xf32> {
  %z = arith.constant 0.0 : f32
  %s = arith.constant 0.125 : f32
  %e = tensor.empty() : tensor<12x197x197xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<12x197x197xf32>) -> tensor<12x197x197xf32>
  %c = linalg.batch_matmul ins(%a, %b : tensor<12x197x64xbf16>, tensor<12x64x197xbf16>) outs(%f : tensor<12x197x197xf32>) -> tensor<12x197x197xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%c : tensor<12x197x197xf32>) outs(%e : tensor<12x197x197xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.mulf %x, %s : f32
    linalg.yield %m : f32
  } -> tensor<12x197x197xf32>
  return %r : tensor<12x197x197xf32>
}

// -----

// Left alone: aligned extents, an extent under 16 (a matrix-vector-like
// product), integer and mixed element types, transposed maps, dynamic
// shapes, f32 batch matmuls (their padding is not measured).

// CHECK-LABEL: func.func @left_alone
// CHECK-NOT:   tensor.insert_slice
// CHECK-NOT:   tensor.extract_slice
// CHECK:       return
func.func @left_alone(%a: tensor<64x32xbf16>, %b: tensor<32x48xbf16>, %c: tensor<64x48xf32>,
                      %v: tensor<1x509xf32>, %w: tensor<509x383xf32>, %o: tensor<1x383xf32>,
                      %i: tensor<17x19xi8>, %j: tensor<19x23xi8>, %k: tensor<17x23xi32>,
                      %t: tensor<19x17xf32>, %u: tensor<19x23xf32>, %x: tensor<17x23xf32>,
                      %d: tensor<?x19xf32>, %dy: tensor<?x23xf32>,
                      %q: tensor<12x197x64xf32>, %kt: tensor<12x64x197xf32>, %sc: tensor<12x197x197xf32>)
    -> (tensor<64x48xf32>, tensor<1x383xf32>, tensor<17x23xi32>, tensor<17x23xf32>, tensor<?x23xf32>, tensor<12x197x197xf32>) {
  %0 = linalg.matmul ins(%a, %b : tensor<64x32xbf16>, tensor<32x48xbf16>) outs(%c : tensor<64x48xf32>) -> tensor<64x48xf32>
  %1 = linalg.matmul ins(%v, %w : tensor<1x509xf32>, tensor<509x383xf32>) outs(%o : tensor<1x383xf32>) -> tensor<1x383xf32>
  %2 = linalg.matmul ins(%i, %j : tensor<17x19xi8>, tensor<19x23xi8>) outs(%k : tensor<17x23xi32>) -> tensor<17x23xi32>
  %3 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
       ins(%t, %u : tensor<19x17xf32>, tensor<19x23xf32>) outs(%x : tensor<17x23xf32>) -> tensor<17x23xf32>
  %4 = linalg.matmul ins(%d, %u : tensor<?x19xf32>, tensor<19x23xf32>) outs(%dy : tensor<?x23xf32>) -> tensor<?x23xf32>
  %5 = linalg.batch_matmul ins(%q, %kt : tensor<12x197x64xf32>, tensor<12x64x197xf32>) outs(%sc : tensor<12x197x197xf32>) -> tensor<12x197x197xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<64x48xf32>, tensor<1x383xf32>, tensor<17x23xi32>, tensor<17x23xf32>, tensor<?x23xf32>, tensor<12x197x197xf32>
}
