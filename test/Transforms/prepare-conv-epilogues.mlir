// RUN: tuner-opt %s --tuner-prepare | FileCheck %s
// RUN: tuner-opt %s --tuner-prepare="fuse-conv-epilogues=false" | FileCheck %s --check-prefix=APART
// RUN: tuner-opt %s --sched-apply-default="prepare target=cpu:avx2:l2=512k:1t" | FileCheck %s --check-prefix=GROUP

// A batch-1 convolution's epilogue (a per-channel bias of shape Cx1x1, as
// torch-mlir exports a batch norm's, and a ReLU) keeps its unit dimensions,
// so that it reads the convolution's result directly and joins its fused
// group; the bias is read as one contiguous vector of channels. With
// fuse-conv-epilogues=false (CUDA targets) the epilogue's unit dimensions
// are dropped, and a reshape stands between the two.

// CHECK-DAG:   #[[ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG:   #[[CH:.*]] = affine_map<(d0, d1, d2, d3) -> (d3)>
// CHECK-LABEL: func.func @conv_bias_relu
// CHECK:         %[[CONV:.*]] = linalg.conv_2d_nhwc_hwcf
// CHECK-NOT:     tensor.collapse_shape %[[CONV]]
// CHECK:         linalg.generic {indexing_maps = [#[[ID]], #[[CH]], #[[ID]]]
// CHECK-SAME:      ins(%[[CONV]], %{{.*}} : tensor<1x6x6x8xf32>, tensor<8xf32>)

// APART-LABEL: func.func @conv_bias_relu
// APART:         %[[CONV:.*]] = linalg.conv_2d_nhwc_hwcf
// APART:         tensor.collapse_shape %[[CONV]]
// APART:         linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel"]

// GROUP-LABEL: func.func @conv_bias_relu
// GROUP:         linalg.conv_2d_nhwc_hwcf {{.*}}sketch = "cpu.conv2d"
// GROUP-NOT:     sched.config
// GROUP:         return
#id = affine_map<(n, h, w, c) -> (n, h, w, c)>
#bias = affine_map<(n, h, w, c) -> (c, 0, 0)>
func.func @conv_bias_relu(%in: tensor<1x8x8x4xf32>, %f: tensor<3x3x4x8xf32>, %b: tensor<8x1x1xf32>) -> tensor<1x6x6x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x6x6x8xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x6x6x8xf32>) -> tensor<1x6x6x8xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%in, %f : tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) outs(%acc : tensor<1x6x6x8xf32>) -> tensor<1x6x6x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #bias, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %b : tensor<1x6x6x8xf32>, tensor<8x1x1xf32>) outs(%e : tensor<1x6x6x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x6x6x8xf32>
  return %r : tensor<1x6x6x8xf32>
}
