// RUN: tuner-opt %s --split-input-file --sched-generate-space=target=cpu:avx512:2t | FileCheck %s
// RUN: tuner-opt %s --split-input-file --sched-generate-space=target=cpu:avx2:2t | FileCheck %s --check-prefix=AVX2

// A matmul: the contraction sketch (divisor tiles; register columns are
// multiples of the vector width) and the padded one; the fallback only joins
// a space no other sketch applies to.
// CHECK-LABEL: module @sched_space
// CHECK:       transform.named_sequence @matmul_64x128x32__cpu_contraction(
// CHECK-SAME:    tuner.default = #sched.config<sketch = "cpu.contraction", knobs = {contract = "outerproduct", k1 = 32, k2 = 1, m1 = 32, m2 = 6, ms = 32, n1 = 128, n2 = 64, ns = 128, pack = "none", unroll = 4}>
// CHECK-SAME:    tuner.sketch = "cpu.contraction"
// CHECK:         transform.tune.knob<"m1"> options = [1, 2, 4, 8, 16, 32, 64]
// CHECK:         transform.tune.knob<"n1"> options = [1, 2, 4, 8, 16, 32, 64, 128]
// CHECK:         transform.tune.knob<"ms"> options = [1, 2, 4, 8, 16, 32, 64]
// CHECK:         transform.tune.knob<"ns"> options = [1, 2, 4, 8, 16, 32, 64, 128]
// CHECK:         transform.tune.knob<"k1"> options = [1, 2, 4, 8, 16, 32]
// CHECK:         transform.tune.knob<"m2"> options = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]
// CHECK:         transform.tune.knob<"n2"> options = [16, 32, 64]
// CHECK:         transform.tune.knob<"k2"> options = [1, 2, 4, 8]
// CHECK:         transform.structured.tile_using_forall
// CHECK:         transform.structured.fuse_into_containing_op
// CHECK:         transform.structured.vectorize %{{.*}} {create_named_contraction}
// CHECK:         transform.loop.hoist_loop_invariant_subsets
// CHECK:         transform.tune.alternatives<"contract"> {
// CHECK:           transform.apply_patterns.vector.lower_contraction{{$}}
// CHECK:         }, {
// CHECK:           lowering_strategy = llvmintr
// CHECK:         transform.tune.alternatives<"unroll"> {
// CHECK:           transform.loop.unroll %{{.*}} {factor = 8 : i64}
// CHECK:       transform.named_sequence @matmul_64x128x32__cpu_contraction_padded(
// CHECK:         transform.tune.knob<"m1"> options = [4, 8, 12, 16, 24, 32, 48, 64]
// CHECK:         transform.structured.pad
// CHECK-NOT:   __cpu_fallback(
// AVX2:        transform.named_sequence @matmul_64x128x32__cpu_contraction(
// AVX2:          transform.tune.knob<"n2"> options = [8, 16, 32]
func.func @mm(%a: tensor<64x32xf32>, %b: tensor<32x128xf32>) -> tensor<64x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %r = linalg.matmul ins(%a, %b : tensor<64x32xf32>, tensor<32x128xf32>) outs(%f : tensor<64x128xf32>) -> tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}

// -----

// No multiple of the vector width divides 50: only padding applies.
// CHECK-LABEL: module @sched_space
// CHECK-NOT:   __cpu_contraction(
// CHECK:       transform.named_sequence @matmul_50x50x50__cpu_contraction_padded(
// CHECK-SAME:    tuner.default = #sched.config<sketch = "cpu.contraction_padded"
// CHECK:         transform.tune.knob<"n1"> options = [16, 32, 48, 64]
// CHECK:         transform.tune.alternatives<"pad">
// CHECK:         transform.structured.pad %{{.*}} {copy_back_op = "linalg.copy", nofold_flags = [1, 1, 0], padding_dimensions = [0, 1, 2]
// CHECK:         }, {
// CHECK:         transform.structured.pad %{{.*}} {copy_back_op = "linalg.copy", nofold_flags = [0, 1, 0], padding_dimensions = [0, 1]
// CHECK:         transform.sched.vectorize_pad_rows %{{.*}} {rows = 4 : i64}
// CHECK-NOT:   __cpu_fallback(
func.func @odd(%a: tensor<50x50xf32>, %b: tensor<50x50xf32>, %c: tensor<50x50xf32>) -> tensor<50x50xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<50x50xf32>, tensor<50x50xf32>) outs(%c : tensor<50x50xf32>) -> tensor<50x50xf32>
  return %r : tensor<50x50xf32>
}

// -----

// Convolutions: 1-D decomposition per register tile; depthwise has no input
// channel loop.
// CHECK-LABEL: module @sched_space
// CHECK:       transform.named_sequence @conv_2d_nhwc_hwcf_1x8x8x32x3x3x16__cpu_conv2d(
// CHECK:         transform.tune.knob<"h1"> options = [1, 2, 4, 8]
// CHECK:         transform.tune.knob<"c2"> options = [16, 32]
// CHECK:         transform.tune.knob<"kw2"> options = [1, 3]
// CHECK:         transform.tune.knob<"ic1"> options = [1, 2, 4, 8, 16]
// CHECK:         transform.structured.decompose
// CHECK:       transform.named_sequence @depthwise_conv_2d_nhwc_hwc_1x8x8x32x3x3__cpu_conv2d(
// CHECK-NOT:     "ic1"
// CHECK:         transform.structured.decompose
// CHECK-NOT:   __cpu_fallback(
func.func @conv(%i: tensor<1x10x10x16xf32>, %f: tensor<3x3x16x32xf32>, %o: tensor<1x8x8x32xf32>,
                %di: tensor<1x10x10x32xf32>, %df: tensor<3x3x32xf32>, %do: tensor<1x8x8x32xf32>) -> (tensor<1x8x8x32xf32>, tensor<1x8x8x32xf32>) {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%i, %f : tensor<1x10x10x16xf32>, tensor<3x3x16x32xf32>) outs(%o : tensor<1x8x8x32xf32>) -> tensor<1x8x8x32xf32>
  %1 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%di, %df : tensor<1x10x10x32xf32>, tensor<3x3x32xf32>) outs(%do : tensor<1x8x8x32xf32>) -> tensor<1x8x8x32xf32>
  return %0, %1 : tensor<1x8x8x32xf32>, tensor<1x8x8x32xf32>
}

// -----

// A row reduction: cpu.reduction (rows over threads, 4 rows per register
// tile, partial results along the reduced loop accumulated elementwise in
// vectors of `v` lanes, a static size: one alternative per option); the
// fallback does not join.
// CHECK-LABEL: module @sched_space
// CHECK:       transform.named_sequence @generic_16x64__cpu_reduction(
// CHECK-SAME:    tuner.default = #sched.config<sketch = "cpu.reduction", knobs = {p = 4, r2 = 4, v = 32}>
// CHECK:         transform.tune.knob<"r2"> options = [1, 2, 4, 8]
// CHECK:         transform.tune.knob<"p"> options = [1, 2, 4, 8, 16]
// CHECK:         transform.tune.alternatives<"v">
// CHECK:           transform.structured.tile_reduction_using_for {{.*}} by tile_sizes = [0, 16]
// CHECK:           transform.structured.vectorize
// CHECK-NOT:   transform.named_sequence
func.func @rowmax(%x: tensor<16x64xf32>, %acc: tensor<16xf32>) -> tensor<16xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<16x64xf32>) outs(%acc : tensor<16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %o : f32
    linalg.yield %m : f32
  } -> tensor<16xf32>
  return %r : tensor<16xf32>
}
