// RUN: tuner-opt %s --tuner-im2col-convolutions --split-input-file | FileCheck %s
// RUN: tuner-opt %s --tuner-im2col-convolutions=f32=true --split-input-file | FileCheck %s --check-prefix=TF32

// A bf16 3x3 convolution with stride 2 and dilation 2 accumulating in f32:
// the windows [N, OH, OW, KH, KW, C] read the input at
// [n, 2 * oh + 2 * kh, 2 * ow + 2 * kw, c], and the matmul multiplies them
// ([2*7*7, 3*3*32]) by the filter ([3*3*32, 64]) into the accumulator.
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0 * 2 + d1 * 2)>
// CHECK-LABEL: func.func @conv3x3_s2_d2
// CHECK-SAME: (%[[IN:.*]]: tensor<2x17x17x32xbf16>, %[[F:.*]]: tensor<3x3x32x64xbf16>, %[[ACC:.*]]: tensor<2x7x7x64xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2x7x7x3x3x32xbf16>
// CHECK: %[[W:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} outs(%[[E]] : tensor<2x7x7x3x3x32xbf16>)
// CHECK-DAG: %[[N:.*]] = linalg.index 0
// CHECK-DAG: %[[OH:.*]] = linalg.index 1
// CHECK-DAG: %[[OW:.*]] = linalg.index 2
// CHECK-DAG: %[[KH:.*]] = linalg.index 3
// CHECK-DAG: %[[KW:.*]] = linalg.index 4
// CHECK-DAG: %[[C:.*]] = linalg.index 5
// CHECK: %[[H:.*]] = affine.apply #[[ROW]](%[[OH]], %[[KH]])
// CHECK: %[[WW:.*]] = affine.apply #[[ROW]](%[[OW]], %[[KW]])
// CHECK: tensor.extract %[[IN]][%[[N]], %[[H]], %[[WW]], %[[C]]] : tensor<2x17x17x32xbf16>
// CHECK: %[[A:.*]] = tensor.collapse_shape %[[W]] {{\[}}[0, 1, 2], [3, 4, 5]] : tensor<2x7x7x3x3x32xbf16> into tensor<98x288xbf16>
// CHECK: %[[B:.*]] = tensor.collapse_shape %[[F]] {{\[}}[0, 1, 2], [3]] : tensor<3x3x32x64xbf16> into tensor<288x64xbf16>
// CHECK: %[[CI:.*]] = tensor.collapse_shape %[[ACC]] {{\[}}[0, 1, 2], [3]] : tensor<2x7x7x64xf32> into tensor<98x64xf32>
// CHECK: %[[M:.*]] = linalg.matmul ins(%[[A]], %[[B]] : tensor<98x288xbf16>, tensor<288x64xbf16>) outs(%[[CI]] : tensor<98x64xf32>)
// CHECK: %[[R:.*]] = tensor.expand_shape %[[M]] {{\[}}[0, 1, 2], [3]] output_shape [2, 7, 7, 64] : tensor<98x64xf32> into tensor<2x7x7x64xf32>
// CHECK: return %[[R]]
func.func @conv3x3_s2_d2(%in: tensor<2x17x17x32xbf16>, %f: tensor<3x3x32x64xbf16>, %acc: tensor<2x7x7x64xf32>) -> tensor<2x7x7x64xf32> {
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<2> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%in, %f : tensor<2x17x17x32xbf16>, tensor<3x3x32x64xbf16>) outs(%acc : tensor<2x7x7x64xf32>) -> tensor<2x7x7x64xf32>
  return %r : tensor<2x7x7x64xf32>
}

// -----

// f16 inputs accumulating in f16 (mma.sync's f16 accumulator) qualify; a
// 1x1 filter with unit strides reads the input itself, no windows.
// CHECK-LABEL: func.func @conv1x1_f16
// CHECK-SAME: (%[[IN:.*]]: tensor<1x8x8x32xf16>
// CHECK-NOT: linalg.generic
// CHECK: %[[A:.*]] = tensor.collapse_shape %[[IN]] {{\[}}[0, 1, 2], [3]] : tensor<1x8x8x32xf16> into tensor<64x32xf16>
// CHECK: linalg.matmul ins(%[[A]], %{{.*}} : tensor<64x32xf16>, tensor<32x16xf16>) outs(%{{.*}} : tensor<64x16xf16>)
func.func @conv1x1_f16(%in: tensor<1x8x8x32xf16>, %f: tensor<1x1x32x16xf16>, %acc: tensor<1x8x8x16xf16>) -> tensor<1x8x8x16xf16> {
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%in, %f : tensor<1x8x8x32xf16>, tensor<1x1x32x16xf16>) outs(%acc : tensor<1x8x8x16xf16>) -> tensor<1x8x8x16xf16>
  return %r : tensor<1x8x8x16xf16>
}

// -----

// Left alone: f32 inputs (gpu.conv2d's), a bf16 accumulator (no mma.sync
// form), fewer than 16 output channels, a matmul M below 16, mixed input
// types, dynamic shapes.
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-6: linalg.conv_2d_nhwc_hwcf
// CHECK-NOT: linalg.matmul
// With f32=true (a target with tf32), the f32 convolution becomes a matmul
// of f32 windows; the others stay.
// TF32-LABEL: func.func @left_alone
// TF32: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<64x288xf32>, tensor<288x32xf32>) outs(%{{.*}} : tensor<64x32xf32>)
// TF32-COUNT-5: linalg.conv_2d_nhwc_hwcf
// TF32-NOT: linalg.matmul
func.func @left_alone(%a: tensor<1x10x10x32xf32>, %fa: tensor<3x3x32x32xf32>, %ca: tensor<1x8x8x32xf32>,
                      %b: tensor<1x10x10x32xbf16>, %fb: tensor<3x3x32x32xbf16>, %cb: tensor<1x8x8x32xbf16>,
                      %fc: tensor<3x3x32x8xbf16>, %cc: tensor<1x8x8x8xf32>,
                      %d: tensor<1x5x5x32xbf16>, %cd: tensor<1x3x3x32xf32>,
                      %fe: tensor<3x3x32x32xf16>, %ce: tensor<1x8x8x32xf32>,
                      %g: tensor<?x10x10x32xbf16>, %cg: tensor<?x8x8x32xf32>)
    -> (tensor<1x8x8x32xf32>, tensor<1x8x8x32xbf16>, tensor<1x8x8x8xf32>, tensor<1x3x3x32xf32>, tensor<1x8x8x32xf32>, tensor<?x8x8x32xf32>) {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%a, %fa : tensor<1x10x10x32xf32>, tensor<3x3x32x32xf32>) outs(%ca : tensor<1x8x8x32xf32>) -> tensor<1x8x8x32xf32>
  %1 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%b, %fb : tensor<1x10x10x32xbf16>, tensor<3x3x32x32xbf16>) outs(%cb : tensor<1x8x8x32xbf16>) -> tensor<1x8x8x32xbf16>
  %2 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%b, %fc : tensor<1x10x10x32xbf16>, tensor<3x3x32x8xbf16>) outs(%cc : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %3 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%d, %fb : tensor<1x5x5x32xbf16>, tensor<3x3x32x32xbf16>) outs(%cd : tensor<1x3x3x32xf32>) -> tensor<1x3x3x32xf32>
  %4 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%b, %fe : tensor<1x10x10x32xbf16>, tensor<3x3x32x32xf16>) outs(%ce : tensor<1x8x8x32xf32>) -> tensor<1x8x8x32xf32>
  %5 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%g, %fb : tensor<?x10x10x32xbf16>, tensor<3x3x32x32xbf16>) outs(%cg : tensor<?x8x8x32xf32>) -> tensor<?x8x8x32xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<1x8x8x32xf32>, tensor<1x8x8x32xbf16>, tensor<1x8x8x8xf32>, tensor<1x3x3x32xf32>, tensor<1x8x8x32xf32>, tensor<?x8x8x32xf32>
}
