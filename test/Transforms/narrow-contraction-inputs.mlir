// RUN: tuner-opt %s --tuner-narrow-contraction-inputs --split-input-file | FileCheck %s

// torch-mlir's bf16 addmm: an f32 matmul of extended bf16 tensors reads
// the bf16 tensors and accumulates in f32; the extensions, now unused, are
// left for cleanup.
// CHECK-LABEL: func.func @addmm_bf16
// CHECK-SAME: (%[[A:.*]]: tensor<32x64xbf16>, %[[W:.*]]: tensor<64x192xbf16>
// CHECK: linalg.matmul ins(%[[A]], %[[W]] : tensor<32x64xbf16>, tensor<64x192xbf16>) outs(%{{.*}} : tensor<32x192xf32>)
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @addmm_bf16(%a: tensor<32x64xbf16>, %w: tensor<64x192xbf16>) -> tensor<32x192xf32> {
  %ea = tensor.empty() : tensor<32x64xf32>
  %a32 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<32x64xbf16>) outs(%ea : tensor<32x64xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %x = arith.extf %in : bf16 to f32
    linalg.yield %x : f32
  } -> tensor<32x64xf32>
  %ew = tensor.empty() : tensor<64x192xf32>
  %w32 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%w : tensor<64x192xbf16>) outs(%ew : tensor<64x192xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %x = arith.extf %in : bf16 to f32
    linalg.yield %x : f32
  } -> tensor<64x192xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x192xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<32x192xf32>) -> tensor<32x192xf32>
  %r = linalg.matmul ins(%a32, %w32 : tensor<32x64xf32>, tensor<64x192xf32>) outs(%acc : tensor<32x192xf32>) -> tensor<32x192xf32>
  return %r : tensor<32x192xf32>
}

// -----

// A batch matmul whose f16 operands were extended in 4-D and collapsed:
// the same collapses of the f16 tensors. The extension of %q has another
// user, which keeps it.
// CHECK-LABEL: func.func @bmm_f16_collapsed
// CHECK-SAME: (%[[Q:.*]]: tensor<1x4x32x16xf16>, %[[K:.*]]: tensor<1x4x16x32xf16>
// CHECK-DAG: %[[QC:.*]] = tensor.collapse_shape %[[Q]] {{\[}}[0, 1], [2], [3]] : tensor<1x4x32x16xf16> into tensor<4x32x16xf16>
// CHECK-DAG: %[[KC:.*]] = tensor.collapse_shape %[[K]] {{\[}}[0, 1], [2], [3]] : tensor<1x4x16x32xf16> into tensor<4x16x32xf16>
// CHECK: linalg.batch_matmul ins(%[[QC]], %[[KC]] : tensor<4x32x16xf16>, tensor<4x16x32xf16>) outs(%{{.*}} : tensor<4x32x32xf32>)
// CHECK: return {{.*}} : tensor<4x32x32xf32>, tensor<1x4x32x16xf32>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @bmm_f16_collapsed(%q: tensor<1x4x32x16xf16>, %k: tensor<1x4x16x32xf16>, %acc: tensor<4x32x32xf32>) -> (tensor<4x32x32xf32>, tensor<1x4x32x16xf32>) {
  %eq = tensor.empty() : tensor<1x4x32x16xf32>
  %q32 = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%q : tensor<1x4x32x16xf16>) outs(%eq : tensor<1x4x32x16xf32>) {
  ^bb0(%in: f16, %out: f32):
    %x = arith.extf %in : f16 to f32
    linalg.yield %x : f32
  } -> tensor<1x4x32x16xf32>
  %ek = tensor.empty() : tensor<1x4x16x32xf32>
  %k32 = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%k : tensor<1x4x16x32xf16>) outs(%ek : tensor<1x4x16x32xf32>) {
  ^bb0(%in: f16, %out: f32):
    %x = arith.extf %in : f16 to f32
    linalg.yield %x : f32
  } -> tensor<1x4x16x32xf32>
  %qc = tensor.collapse_shape %q32 [[0, 1], [2], [3]] : tensor<1x4x32x16xf32> into tensor<4x32x16xf32>
  %kc = tensor.collapse_shape %k32 [[0, 1], [2], [3]] : tensor<1x4x16x32xf32> into tensor<4x16x32xf32>
  %r = linalg.batch_matmul ins(%qc, %kc : tensor<4x32x16xf32>, tensor<4x16x32xf32>) outs(%acc : tensor<4x32x32xf32>) -> tensor<4x32x32xf32>
  return %r, %q32 : tensor<4x32x32xf32>, tensor<1x4x32x16xf32>
}

// -----

// Left as they are: one operand f32 data, not an extension; operands
// extended from different types; an extension that also scales (SDPA's
// math path: not exact in bf16); M below 16 (a matrix-vector sketch's).
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-4: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<{{[0-9]+}}x64xf32>, tensor<64x192xf32>)
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @left_alone(%a: tensor<32x64xbf16>, %h: tensor<32x64xf16>, %w: tensor<64x192xbf16>, %f: tensor<32x64xf32>, %s: tensor<8x64xbf16>, %acc: tensor<32x192xf32>, %acc8: tensor<8x192xf32>) -> (tensor<32x192xf32>, tensor<32x192xf32>, tensor<32x192xf32>, tensor<8x192xf32>) {
  %ea = tensor.empty() : tensor<32x64xf32>
  %a32 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<32x64xbf16>) outs(%ea : tensor<32x64xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %x = arith.extf %in : bf16 to f32
    linalg.yield %x : f32
  } -> tensor<32x64xf32>
  %h32 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%h : tensor<32x64xf16>) outs(%ea : tensor<32x64xf32>) {
  ^bb0(%in: f16, %out: f32):
    %x = arith.extf %in : f16 to f32
    linalg.yield %x : f32
  } -> tensor<32x64xf32>
  %scaled = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<32x64xbf16>) outs(%ea : tensor<32x64xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %x = arith.extf %in : bf16 to f32
    %c = arith.constant 0.125 : f32
    %y = arith.mulf %x, %c : f32
    linalg.yield %y : f32
  } -> tensor<32x64xf32>
  %ew = tensor.empty() : tensor<64x192xf32>
  %w32 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%w : tensor<64x192xbf16>) outs(%ew : tensor<64x192xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %x = arith.extf %in : bf16 to f32
    linalg.yield %x : f32
  } -> tensor<64x192xf32>
  %es = tensor.empty() : tensor<8x64xf32>
  %s32 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<8x64xbf16>) outs(%es : tensor<8x64xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %x = arith.extf %in : bf16 to f32
    linalg.yield %x : f32
  } -> tensor<8x64xf32>
  %r0 = linalg.matmul ins(%f, %w32 : tensor<32x64xf32>, tensor<64x192xf32>) outs(%acc : tensor<32x192xf32>) -> tensor<32x192xf32>
  %r1 = linalg.matmul ins(%h32, %w32 : tensor<32x64xf32>, tensor<64x192xf32>) outs(%acc : tensor<32x192xf32>) -> tensor<32x192xf32>
  %r2 = linalg.matmul ins(%scaled, %w32 : tensor<32x64xf32>, tensor<64x192xf32>) outs(%acc : tensor<32x192xf32>) -> tensor<32x192xf32>
  %r3 = linalg.matmul ins(%s32, %w32 : tensor<8x64xf32>, tensor<64x192xf32>) outs(%acc8 : tensor<8x192xf32>) -> tensor<8x192xf32>
  return %r0, %r1, %r2, %r3 : tensor<32x192xf32>, tensor<32x192xf32>, tensor<32x192xf32>, tensor<8x192xf32>
}
