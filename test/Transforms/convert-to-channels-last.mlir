// RUN: tuner-opt %s --split-input-file --tuner-convert-to-channels-last | FileCheck %s

// A channels-first convolution: input, filter and init transposed to NHWC,
// the named NHWC convolution, the result transposed back; the fill is
// rebuilt in the new layout rather than transposed.
// CHECK-LABEL: func.func @nchw
// CHECK-SAME:    (%[[X:.*]]: tensor<1x8x10x10xf32>, %[[W:.*]]: tensor<16x8x3x3xf32>)
// CHECK:         %[[XT:.*]] = linalg.transpose ins(%[[X]] : tensor<1x8x10x10xf32>) outs(%{{.*}} : tensor<1x10x10x8xf32>) permutation = [0, 2, 3, 1]
// CHECK:         %[[WT:.*]] = linalg.transpose ins(%[[W]] : tensor<16x8x3x3xf32>) outs(%{{.*}} : tensor<3x3x8x16xf32>) permutation = [2, 3, 1, 0]
// CHECK:         %[[F:.*]] = linalg.fill {{.*}} -> tensor<1x8x8x16xf32>
// CHECK:         %[[C:.*]] = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%[[XT]], %[[WT]] : {{.*}}) outs(%[[F]] : tensor<1x8x8x16xf32>)
// CHECK:         %[[R:.*]] = linalg.transpose ins(%[[C]] : tensor<1x8x8x16xf32>) outs(%{{.*}} : tensor<1x16x8x8xf32>) permutation = [0, 3, 1, 2]
// CHECK:         return %[[R]]
func.func @nchw(%x: tensor<1x8x10x10xf32>, %w: tensor<16x8x3x3xf32>) -> tensor<1x16x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x8x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x8x10x10xf32>, tensor<16x8x3x3xf32>) outs(%f : tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  return %r : tensor<1x16x8x8xf32>
}

// -----

// A padded input is transposed before its padding, the padding permuted;
// depthwise convolutions and max poolings convert the same way.
// CHECK-LABEL: func.func @padded_depthwise_pool
// CHECK:         %[[XT:.*]] = linalg.transpose ins(%{{.*}} : tensor<1x8x8x8xf32>) outs(%{{.*}} : tensor<1x8x8x8xf32>) permutation = [0, 2, 3, 1]
// CHECK:         %[[P:.*]] = tensor.pad %[[XT]] low[0, 1, 1, 0] high[0, 1, 1, 0]
// CHECK:         linalg.depthwise_conv_2d_nhwc_hwc {{.*}} ins(%[[P]], %{{.*}} : tensor<1x10x10x8xf32>, tensor<3x3x8xf32>)
// CHECK:         linalg.pooling_nhwc_max {{.*}} -> tensor<1x4x4x8xf32>
// CHECK-NOT:     nchw
func.func @padded_depthwise_pool(%x: tensor<1x8x8x8xf32>, %w: tensor<8x3x3xf32>) -> tensor<1x8x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x8x8x8xf32> to tensor<1x8x10x10xf32>
  %e = tensor.empty() : tensor<1x8x8x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %d = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %w : tensor<1x8x10x10xf32>, tensor<8x3x3xf32>) outs(%f : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %win = tensor.empty() : tensor<2x2xf32>
  %e2 = tensor.empty() : tensor<1x8x4x4xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%d, %win : tensor<1x8x8x8xf32>, tensor<2x2xf32>) outs(%e2 : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %r : tensor<1x8x4x4xf32>
}

// -----

// A 1x1 convolution with unit strides is a matmul of the pixels.
// CHECK-LABEL: func.func @pointwise
// CHECK:         %[[A:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1, 2], [3]] : tensor<1x7x7x64xf32> into tensor<49x64xf32>
// CHECK:         %[[B:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1, 2], [3]] : tensor<1x1x64x32xf32> into tensor<64x32xf32>
// CHECK:         %[[M:.*]] = linalg.matmul ins(%[[A]], %[[B]] : tensor<49x64xf32>, tensor<64x32xf32>)
// CHECK:         tensor.expand_shape %[[M]] {{\[}}[0, 1, 2], [3]] output_shape [1, 7, 7, 32]
func.func @pointwise(%x: tensor<1x7x7x64xf32>, %w: tensor<1x1x64x32xf32>, %o: tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32> {
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x7x7x64xf32>, tensor<1x1x64x32xf32>) outs(%o : tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32>
  return %r : tensor<1x7x7x32xf32>
}

// -----

// A convolution written as a linalg.generic in NHWC/HWCF is the named op,
// with no transposes.
// CHECK-LABEL: func.func @generic_nhwc
// CHECK-NOT:     linalg.transpose
// CHECK:         linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%{{.*}}, %{{.*}} : tensor<1x10x10x8xf32>, tensor<3x3x8x16xf32>)
// CHECK-NOT:     linalg.generic
func.func @generic_nhwc(%i: tensor<1x10x10x8xf32>, %w: tensor<3x3x8x16xf32>, %o: tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(n, y, x, f, ky, kx, c) -> (n, y + ky, x + kx, c)>, affine_map<(n, y, x, f, ky, kx, c) -> (ky, kx, c, f)>, affine_map<(n, y, x, f, ky, kx, c) -> (n, y, x, f)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%i, %w : tensor<1x10x10x8xf32>, tensor<3x3x8x16xf32>) outs(%o : tensor<1x8x8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x8x8x16xf32>
  return %r : tensor<1x8x8x16xf32>
}

// -----

// In NCHW/FCHW with stride 2 and dilation 2 along W: transposes, and the
// strides and dilations carried over per dimension.
// CHECK-LABEL: func.func @generic_nchw_strided
// CHECK:         linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%{{.*}}, %{{.*}} : tensor<1x9x13x4xf32>, tensor<3x3x4x8xf32>) outs(%{{.*}} : tensor<1x4x4x8xf32>)
// CHECK:         linalg.transpose ins(%{{.*}} : tensor<1x4x4x8xf32>) outs(%{{.*}} : tensor<1x8x4x4xf32>) permutation = [0, 3, 1, 2]
func.func @generic_nchw_strided(%i: tensor<1x4x9x13xf32>, %w: tensor<8x4x3x3xf32>, %o: tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(n, f, y, x, c, ky, kx) -> (n, c, y * 2 + ky, x * 2 + kx * 2)>, affine_map<(n, f, y, x, c, ky, kx) -> (f, c, ky, kx)>, affine_map<(n, f, y, x, c, ky, kx) -> (n, f, y, x)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%i, %w : tensor<1x4x9x13xf32>, tensor<8x4x3x3xf32>) outs(%o : tensor<1x8x4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x8x4x4xf32>
  return %r : tensor<1x8x4x4xf32>
}

// -----

// A body that computes more than a product and a sum is not a named
// convolution: left as it is.
// CHECK-LABEL: func.func @generic_other_body
// CHECK:         linalg.generic
// CHECK-NOT:     linalg.conv
func.func @generic_other_body(%i: tensor<1x10x10x8xf32>, %w: tensor<3x3x8x16xf32>, %o: tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(n, y, x, f, ky, kx, c) -> (n, y + ky, x + kx, c)>, affine_map<(n, y, x, f, ky, kx, c) -> (ky, kx, c, f)>, affine_map<(n, y, x, f, ky, kx, c) -> (n, y, x, f)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%i, %w : tensor<1x10x10x8xf32>, tensor<3x3x8x16xf32>) outs(%o : tensor<1x8x8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %q = math.absf %p : f32
    %s = arith.addf %acc, %q : f32
    linalg.yield %s : f32
  } -> tensor<1x8x8x16xf32>
  return %r : tensor<1x8x8x16xf32>
}

// -----

// 1-D convolutions become 2-D ones of height 1: NWC directly, NCW then made
// channels last like a 2-D NCHW convolution; depthwise the same way.
// CHECK-LABEL: func.func @conv_1d
// CHECK:       tensor.expand_shape %{{.*}} {{\[\[}}0], [1, 2], [3]] {{.*}} into tensor<4x1x100x8xf32>
// CHECK:       tensor.expand_shape %{{.*}} {{\[\[}}0, 1], [2], [3]] {{.*}} into tensor<1x5x8x16xf32>
// CHECK:       linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[1, 3]> : tensor<2xi64>}
// CHECK:       tensor.collapse_shape %{{.*}} {{\[\[}}0], [1, 2], [3]] : tensor<4x1x30x16xf32> into tensor<4x30x16xf32>
// CHECK:       linalg.conv_2d_nhwc_hwcf {{.*}} ins(%{{.*}}, %{{.*}} : tensor<2x1x50x8xf32>, tensor<1x3x8x12xf32>)
// CHECK:       linalg.depthwise_conv_2d_nhwc_hwc {{.*}} ins(%{{.*}}, %{{.*}} : tensor<4x1x100x8xf32>, tensor<1x7x8xf32>)
// CHECK:       linalg.depthwise_conv_2d_nhwc_hwc {{.*}} ins(%{{.*}}, %{{.*}} : tensor<2x1x50x8xf32>, tensor<1x3x8xf32>)
// CHECK-NOT:   linalg.conv_1d
// CHECK-NOT:   linalg.depthwise_conv_1d
func.func @conv_1d(%a: tensor<4x100x8xf32>, %wa: tensor<5x8x16xf32>, %b: tensor<2x8x50xf32>, %wb: tensor<12x8x3xf32>,
                   %wd: tensor<7x8xf32>, %we: tensor<8x3xf32>)
    -> (tensor<4x30x16xf32>, tensor<2x12x48xf32>, tensor<4x94x8xf32>, tensor<2x8x48xf32>) {
  %z = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<4x30x16xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<4x30x16xf32>) -> tensor<4x30x16xf32>
  %r1 = linalg.conv_1d_nwc_wcf {dilations = dense<2> : tensor<1xi64>, strides = dense<3> : tensor<1xi64>}
    ins(%a, %wa : tensor<4x100x8xf32>, tensor<5x8x16xf32>) outs(%f1 : tensor<4x30x16xf32>) -> tensor<4x30x16xf32>
  %e2 = tensor.empty() : tensor<2x12x48xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<2x12x48xf32>) -> tensor<2x12x48xf32>
  %r2 = linalg.conv_1d_ncw_fcw {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
    ins(%b, %wb : tensor<2x8x50xf32>, tensor<12x8x3xf32>) outs(%f2 : tensor<2x12x48xf32>) -> tensor<2x12x48xf32>
  %e3 = tensor.empty() : tensor<4x94x8xf32>
  %f3 = linalg.fill ins(%z : f32) outs(%e3 : tensor<4x94x8xf32>) -> tensor<4x94x8xf32>
  %r3 = linalg.depthwise_conv_1d_nwc_wc {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
    ins(%a, %wd : tensor<4x100x8xf32>, tensor<7x8xf32>) outs(%f3 : tensor<4x94x8xf32>) -> tensor<4x94x8xf32>
  %e4 = tensor.empty() : tensor<2x8x48xf32>
  %f4 = linalg.fill ins(%z : f32) outs(%e4 : tensor<2x8x48xf32>) -> tensor<2x8x48xf32>
  %r4 = linalg.depthwise_conv_1d_ncw_cw {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
    ins(%b, %we : tensor<2x8x50xf32>, tensor<8x3xf32>) outs(%f4 : tensor<2x8x48xf32>) -> tensor<2x8x48xf32>
  return %r1, %r2, %r3, %r4 : tensor<4x30x16xf32>, tensor<2x12x48xf32>, tensor<4x94x8xf32>, tensor<2x8x48xf32>
}

// -----

// A 3-D convolution becomes one 2-D convolution per filter depth, all
// accumulating into the output with (N, OD) as the batch: the input's depth
// slice of each (stride 3 along the depth, offset kd * dilation 2), the
// filter's slice kd.
// CHECK-LABEL: func.func @conv_3d
// CHECK:       %[[ACC:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2], [3], [4]] : tensor<2x3x7x7x16xf32> into tensor<6x7x7x16xf32>
// CHECK:       tensor.extract_slice %arg0[0, 0, 0, 0, 0] [2, 3, 17, 17, 8] [1, 3, 1, 1, 1]
// CHECK:       tensor.extract_slice %arg1[0, 0, 0, 0, 0] [1, 3, 3, 8, 16] [1, 1, 1, 1, 1] : tensor<3x3x3x8x16xf32> to tensor<3x3x8x16xf32>
// CHECK:       %[[C0:.*]] = linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} {{.*}} outs(%[[ACC]] : tensor<6x7x7x16xf32>)
// CHECK:       tensor.extract_slice %arg0[0, 2, 0, 0, 0] [2, 3, 17, 17, 8] [1, 3, 1, 1, 1]
// CHECK:       %[[C1:.*]] = linalg.conv_2d_nhwc_hwcf {{.*}} outs(%[[C0]] : tensor<6x7x7x16xf32>)
// CHECK:       tensor.extract_slice %arg0[0, 4, 0, 0, 0] [2, 3, 17, 17, 8] [1, 3, 1, 1, 1]
// CHECK:       %[[C2:.*]] = linalg.conv_2d_nhwc_hwcf {{.*}} outs(%[[C1]] : tensor<6x7x7x16xf32>)
// CHECK:       tensor.expand_shape %[[C2]] {{\[\[}}0, 1], [2], [3], [4]] {{.*}} into tensor<2x3x7x7x16xf32>
// CHECK-NOT:   linalg.conv_3d
func.func @conv_3d(%i: tensor<2x11x17x17x8xf32>, %w: tensor<3x3x3x8x16xf32>) -> tensor<2x3x7x7x16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x3x7x7x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x3x7x7x16xf32>) -> tensor<2x3x7x7x16xf32>
  %r = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<[2, 1, 2]> : tensor<3xi64>, strides = dense<[3, 2, 2]> : tensor<3xi64>}
    ins(%i, %w : tensor<2x11x17x17x8xf32>, tensor<3x3x3x8x16xf32>) outs(%f : tensor<2x3x7x7x16xf32>) -> tensor<2x3x7x7x16xf32>
  return %r : tensor<2x3x7x7x16xf32>
}

// -----

// A filter in FHWC is transposed to HWCF; a grouped convolution becomes an
// scf.for over the groups: the input (NGCHW to NHWGC), the filter (GFCHW to
// GHWCF) and the init (rebuilt as an NHWGF fill) before the loop, one
// channels-last convolution per iteration on the group's slices, inserted
// into the loop's result, transposed back after it.
// CHECK-LABEL: func.func @fhwc_and_groups
// CHECK:       linalg.transpose ins(%arg1 : tensor<16x3x3x8xf32>) {{.*}} permutation = [1, 2, 3, 0]
// CHECK:       linalg.conv_2d_nhwc_hwcf {{.*}} ins(%arg0, %{{.*}} : tensor<1x10x10x8xf32>, tensor<3x3x8x16xf32>)
// CHECK:       %[[IN:.*]] = linalg.transpose ins(%arg2 : tensor<1x2x4x10x10xf32>) outs(%{{.*}} : tensor<1x10x10x2x4xf32>) permutation = [0, 3, 4, 1, 2]
// CHECK:       %[[W:.*]] = linalg.transpose ins(%arg3 : tensor<2x6x4x3x3xf32>) outs(%{{.*}} : tensor<2x3x3x4x6xf32>) permutation = [0, 3, 4, 2, 1]
// CHECK:       %[[INIT:.*]] = linalg.fill {{.*}} -> tensor<1x8x8x2x6xf32>
// CHECK:       %[[LOOP:.*]] = scf.for %[[G:.*]] = %{{.*}} to %c2 step %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]])
// CHECK:         tensor.extract_slice %[[IN]][0, 0, 0, %[[G]], 0] [1, 10, 10, 1, 4] [1, 1, 1, 1, 1] : tensor<1x10x10x2x4xf32> to tensor<1x10x10x4xf32>
// CHECK:         tensor.extract_slice %[[W]][%[[G]], 0, 0, 0, 0] [1, 3, 3, 4, 6] [1, 1, 1, 1, 1] : tensor<2x3x3x4x6xf32> to tensor<3x3x4x6xf32>
// CHECK:         tensor.extract_slice %[[ACC]][0, 0, 0, %[[G]], 0] [1, 8, 8, 1, 6]
// CHECK:         %[[C:.*]] = linalg.conv_2d_nhwc_hwcf
// CHECK:         %[[NEXT:.*]] = tensor.insert_slice %[[C]] into %[[ACC]][0, 0, 0, %[[G]], 0] [1, 8, 8, 1, 6]
// CHECK:         scf.yield %[[NEXT]]
// CHECK:       linalg.transpose ins(%[[LOOP]] : tensor<1x8x8x2x6xf32>) {{.*}} permutation = [0, 3, 4, 1, 2]
// CHECK-NOT:   linalg.conv_2d_ngchw
func.func @fhwc_and_groups(%x: tensor<1x10x10x8xf32>, %w: tensor<16x3x3x8xf32>, %g: tensor<1x2x4x10x10xf32>, %wg: tensor<2x6x4x3x3xf32>)
    -> (tensor<1x8x8x16xf32>, tensor<1x2x6x8x8xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x8x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %r = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x10x10x8xf32>, tensor<16x3x3x8xf32>) outs(%f : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %e2 = tensor.empty() : tensor<1x2x6x8x8xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<1x2x6x8x8xf32>) -> tensor<1x2x6x8x8xf32>
  %r2 = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%g, %wg : tensor<1x2x4x10x10xf32>, tensor<2x6x4x3x3xf32>) outs(%f2 : tensor<1x2x6x8x8xf32>) -> tensor<1x2x6x8x8xf32>
  return %r, %r2 : tensor<1x8x8x16xf32>, tensor<1x2x6x8x8xf32>
}

// -----

// A quantized convolution: the input and the filter minus their zero points
// (sign extended to the accumulator's i32), then the plain convolution.
// CHECK-LABEL: func.func @quantized_conv
// CHECK:       %[[I:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<1x6x6x4xi8>) outs(%{{.*}} : tensor<1x6x6x4xi32>)
// CHECK:         arith.extsi %{{.*}} : i8 to i32
// CHECK:         arith.subi %{{.*}}, %arg2 : i32
// CHECK:       %[[W:.*]] = linalg.generic {{.*}} ins(%arg1 : tensor<3x3x4x8xi8>) outs(%{{.*}} : tensor<3x3x4x8xi32>)
// CHECK:       linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[I]], %[[W]] : tensor<1x6x6x4xi32>, tensor<3x3x4x8xi32>)
// CHECK-NOT:   _q
func.func @quantized_conv(%i: tensor<1x6x6x4xi8>, %w: tensor<3x3x4x8xi8>, %zi: i32, %zw: i32, %c: tensor<1x4x4x8xi32>) -> tensor<1x4x4x8xi32> {
  %r = linalg.conv_2d_nhwc_hwcf_q {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%i, %w, %zi, %zw : tensor<1x6x6x4xi8>, tensor<3x3x4x8xi8>, i32, i32) outs(%c : tensor<1x4x4x8xi32>) -> tensor<1x4x4x8xi32>
  return %r : tensor<1x4x4x8xi32>
}

// -----

// A channels-first 3-D convolution: NDHWC between transposes, then split
// into 2-D convolutions by the filter depth (before: cpu.fallback's scalar
// loops, torchvision's r3d_18 at 1 GFLOP/s).
// CHECK-LABEL: func.func @conv3d_ncdhw
// CHECK:       linalg.transpose ins(%arg0 : tensor<1x3x8x20x20xf32>) {{.*}} permutation = [0, 2, 3, 4, 1]
// CHECK:       linalg.transpose ins(%arg1 : tensor<16x3x3x3x3xf32>) {{.*}} permutation = [2, 3, 4, 1, 0]
// CHECK-COUNT-3: linalg.conv_2d_nhwc_hwcf
// CHECK:       linalg.transpose ins(%{{.*}} : tensor<1x6x9x9x16xf32>) {{.*}} permutation = [0, 4, 1, 2, 3]
// CHECK-NOT:   linalg.conv_3d
func.func @conv3d_ncdhw(%x: tensor<1x3x8x20x20xf32>, %w: tensor<16x3x3x3x3xf32>) -> tensor<1x16x6x9x9xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x6x9x9xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x16x6x9x9xf32>) -> tensor<1x16x6x9x9xf32>
  %r = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<[1, 2, 2]> : tensor<3xi64>}
    ins(%x, %w : tensor<1x3x8x20x20xf32>, tensor<16x3x3x3x3xf32>) outs(%f : tensor<1x16x6x9x9xf32>) -> tensor<1x16x6x9x9xf32>
  return %r : tensor<1x16x6x9x9xf32>
}
