// RUN: tuner-opt %s --split-input-file --tuner-widen-accumulators | FileCheck %s
// RUN: tuner-opt %s --split-input-file --tuner-widen-accumulators=contractions=false | FileCheck %s --check-prefix=REDUCTIONS

// An f16 matmul accumulating in f16: the fill becomes an f32 fill, the
// matmul (still a linalg.matmul: the sketches match named ops) accumulates
// into it, and one truncation rounds the result.

// CHECK-LABEL: func.func @matmul_f16
// With contractions=false (CUDA preparation), the matmul keeps its f16
// accumulator.
// REDUCTIONS-LABEL: func.func @matmul_f16
// REDUCTIONS-NOT:   f32
// REDUCTIONS:       linalg.matmul {{.*}} outs(%{{.+}} : tensor<16x32xf16>)
// CHECK:         %[[Z:.+]] = arith.extf %{{.+}} : f16 to f32
// CHECK:         %[[E:.+]] = tensor.empty() : tensor<16x32xf32>
// CHECK:         %[[F:.+]] = linalg.fill ins(%[[Z]] : f32) outs(%[[E]] : tensor<16x32xf32>)
// CHECK:         %[[W:.+]] = linalg.matmul ins(%{{.+}}, %{{.+}} : tensor<16x64xf16>, tensor<64x32xf16>) outs(%[[F]] : tensor<16x32xf32>)
// CHECK:         %[[R:.+]] = linalg.generic
// CHECK-SAME:      ins(%[[W]] : tensor<16x32xf32>) outs(%{{.+}} : tensor<16x32xf16>)
// CHECK:           arith.truncf %{{.+}} : f32 to f16
// CHECK:         return %[[R]] : tensor<16x32xf16>
func.func @matmul_f16(%a: tensor<16x64xf16>, %b: tensor<64x32xf16>) -> tensor<16x32xf16> {
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<16x32xf16>
  %f = linalg.fill ins(%zero : f16) outs(%e : tensor<16x32xf16>) -> tensor<16x32xf16>
  %r = linalg.matmul ins(%a, %b : tensor<16x64xf16>, tensor<64x32xf16>) outs(%f : tensor<16x32xf16>) -> tensor<16x32xf16>
  return %r : tensor<16x32xf16>
}

// -----

// A bf16 batch matmul accumulating into an argument: the init is extended,
// and the body's intermediate rounding of the product (truncf, then extf)
// is skipped.

// CHECK-LABEL: func.func @accumulate_bf16
// CHECK:         %[[I:.+]] = linalg.generic
// CHECK-SAME:      ins(%{{.+}} : tensor<2x8x8xbf16>) outs(%{{.+}} : tensor<2x8x8xf32>)
// CHECK:           arith.extf %{{.+}} : bf16 to f32
// CHECK:         %[[W:.+]] = linalg.generic
// CHECK-SAME:      outs(%[[I]] : tensor<2x8x8xf32>)
// CHECK:           %[[P:.+]] = arith.mulf %{{.+}}, %{{.+}} : f32
// CHECK-NOT:       arith.truncf
// CHECK:           %[[S:.+]] = arith.addf %{{.+}}, %[[P]] : f32
// CHECK:           linalg.yield %[[S]] : f32
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%[[W]] : tensor<2x8x8xf32>) outs(%{{.+}} : tensor<2x8x8xbf16>)
#a = affine_map<(b, m, n, k) -> (b, m, k)>
#b = affine_map<(b, m, n, k) -> (b, k, n)>
#c = affine_map<(b, m, n, k) -> (b, m, n)>
func.func @accumulate_bf16(%x: tensor<2x8x4xbf16>, %y: tensor<2x4x8xbf16>, %acc: tensor<2x8x8xbf16>) -> tensor<2x8x8xbf16> {
  %r = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %y : tensor<2x8x4xbf16>, tensor<2x4x8xbf16>) outs(%acc : tensor<2x8x8xbf16>) {
  ^bb0(%p: bf16, %q: bf16, %o: bf16):
    %pw = arith.extf %p : bf16 to f32
    %qw = arith.extf %q : bf16 to f32
    %m = arith.mulf %pw, %qw : f32
    %mt = arith.truncf %m : f32 to bf16
    %s = arith.addf %o, %mt : bf16
    linalg.yield %s : bf16
  } -> tensor<2x8x8xbf16>
  return %r : tensor<2x8x8xbf16>
}

// -----

// A sum over rows in f16 (a reduction, not a contraction) is widened too,
// into a generic whose body computes in f32; a named convolution stays one.

// CHECK-LABEL: func.func @row_sum
// REDUCTIONS-LABEL: func.func @row_sum
// REDUCTIONS:         outs(%{{.+}} : tensor<8xf32>)
// REDUCTIONS:         arith.truncf %{{.+}} : f32 to f16
// CHECK:         linalg.generic
// CHECK-SAME:      outs(%{{.+}} : tensor<8xf32>)
// CHECK:           %[[X:.+]] = arith.extf %{{.+}} : f16 to f32
// CHECK:           arith.addf %[[X]], %{{.+}} : f32
// CHECK:         arith.truncf %{{.+}} : f32 to f16
func.func @row_sum(%x: tensor<8x128xf16>, %init: tensor<8xf16>) -> tensor<8xf16> {
  %r = linalg.reduce ins(%x : tensor<8x128xf16>) outs(%init : tensor<8xf16>) dimensions = [1]
    (%in: f16, %acc: f16) {
      %s = arith.addf %in, %acc : f16
      linalg.yield %s : f16
    }
  return %r : tensor<8xf16>
}

// CHECK-LABEL: func.func @conv
// REDUCTIONS-LABEL: func.func @conv
// REDUCTIONS:         linalg.conv_2d_nhwc_hwcf {{.*}} outs(%{{.+}} : tensor<1x4x4x8xf16>)
// REDUCTIONS-NOT:     arith.truncf
// REDUCTIONS-LABEL: func.func @untouched
// CHECK:         linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
// CHECK-SAME:      outs(%{{.+}} : tensor<1x4x4x8xf32>)
// CHECK:         arith.truncf %{{.+}} : f32 to f16
func.func @conv(%i: tensor<1x9x9x4xf16>, %w: tensor<3x3x4x8xf16>, %o: tensor<1x4x4x8xf16>) -> tensor<1x4x4x8xf16> {
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%i, %w : tensor<1x9x9x4xf16>, tensor<3x3x4x8xf16>) outs(%o : tensor<1x4x4x8xf16>) -> tensor<1x4x4x8xf16>
  return %r : tensor<1x4x4x8xf16>
}

// -----

// Left alone: an f32 accumulator, an elementwise f16 op (no reduction), a
// body with other ops than float arithmetic (math.tanh, linalg.index), an
// integer accumulator.

// CHECK-LABEL: func.func @untouched
// CHECK-NOT:     arith.truncf
// CHECK:         linalg.matmul {{.*}} outs(%{{.+}} : tensor<4x4xf32>)
// CHECK:         linalg.add {{.*}} outs(%{{.+}} : tensor<4x4xf16>)
// CHECK:         outs(%{{.+}} : tensor<4xf16>)
// CHECK:         math.tanh
// CHECK:         outs(%{{.+}} : tensor<4xf16>)
// CHECK:         linalg.index
// CHECK:         linalg.matmul {{.*}} outs(%{{.+}} : tensor<4x4xi32>)
// CHECK-NOT:     arith.truncf
func.func @untouched(%a: tensor<4x4xf16>, %b: tensor<4x4xf16>, %c: tensor<4x4xf32>, %d: tensor<4xf16>, %i: tensor<4x4xi8>, %j: tensor<4x4xi32>) -> (tensor<4x4xf32>, tensor<4x4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4x4xi32>) {
  %0 = linalg.matmul ins(%a, %b : tensor<4x4xf16>, tensor<4x4xf16>) outs(%c : tensor<4x4xf32>) -> tensor<4x4xf32>
  %1 = linalg.add ins(%a, %b : tensor<4x4xf16>, tensor<4x4xf16>) outs(%a : tensor<4x4xf16>) -> tensor<4x4xf16>
  %2 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x4xf16>) outs(%d : tensor<4xf16>) {
  ^bb0(%x: f16, %o: f16):
    %e = math.tanh %x : f16
    %s = arith.addf %o, %e : f16
    linalg.yield %s : f16
  } -> tensor<4xf16>
  %3 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<4x4xf16>) outs(%d : tensor<4xf16>) {
  ^bb0(%x: f16, %o: f16):
    %k = linalg.index 1 : index
    %ki = arith.index_cast %k : index to i32
    %kf = arith.sitofp %ki : i32 to f16
    %p = arith.mulf %x, %kf : f16
    %s = arith.addf %o, %p : f16
    linalg.yield %s : f16
  } -> tensor<4xf16>
  %4 = linalg.matmul ins(%i, %i : tensor<4x4xi8>, tensor<4x4xi8>) outs(%j : tensor<4x4xi32>) -> tensor<4x4xi32>
  return %0, %1, %2, %3, %4 : tensor<4x4xf32>, tensor<4x4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4x4xi32>
}

// -----

// A body computing through f64: the truncation to f32 stays one (the
// promoted accumulator is f32), the one to f16 is skipped.

// CHECK-LABEL: func.func @through_f64
// CHECK:         ^bb0(%{{.+}}: f16, %[[ACC:.+]]: f32):
// CHECK:           %[[M:.+]] = arith.mulf %{{.+}}, %{{.+}} : f64
// CHECK:           %[[T:.+]] = arith.truncf %[[M]] : f64 to f32
// CHECK-NOT:       arith.truncf
// CHECK:           %[[S:.+]] = arith.addf %[[ACC]], %[[T]] : f32
// CHECK:           linalg.yield %[[S]] : f32
func.func @through_f64(%a: tensor<4x8xf16>, %acc: tensor<4xf16>) -> tensor<4xf16> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x8xf16>) outs(%acc : tensor<4xf16>) {
  ^bb0(%x: f16, %o: f16):
    %d = arith.extf %x : f16 to f64
    %s = arith.mulf %d, %d : f64
    %t = arith.truncf %s : f64 to f32
    %h = arith.truncf %t : f32 to f16
    %y = arith.addf %o, %h : f16
    linalg.yield %y : f16
  } -> tensor<4xf16>
  return %r : tensor<4xf16>
}

// -----

// The norms' math: an RMS norm's sum of squares as math.fpowi (its integer
// exponent unchanged) and a softmax's sum of exponentials compute in f32.

// CHECK-LABEL: func.func @norm_math
// CHECK:         ^bb0(%[[X:.+]]: bf16, %[[ACC:.+]]: f32):
// CHECK:           %[[XW:.+]] = arith.extf %[[X]] : bf16 to f32
// CHECK:           %[[SQ:.+]] = math.fpowi %[[XW]], %{{.+}} : f32, i64
// CHECK:           arith.addf %[[SQ]], %[[ACC]] : f32
// CHECK:         arith.truncf %{{.+}} : f32 to bf16
// CHECK:         ^bb0(%[[Y:.+]]: bf16, %[[ACC2:.+]]: f32):
// CHECK:           math.exp %{{.+}} : f32
// CHECK:         arith.truncf %{{.+}} : f32 to bf16
// REDUCTIONS-LABEL: func.func @norm_math
// REDUCTIONS:         math.fpowi %{{.+}}, %{{.+}} : f32, i64
// REDUCTIONS:         math.exp %{{.+}} : f32
func.func @norm_math(%x: tensor<8x256xbf16>, %init: tensor<8xbf16>) -> (tensor<8xbf16>, tensor<8xbf16>) {
  %c2 = arith.constant 2 : i64
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x256xbf16>) outs(%init : tensor<8xbf16>) {
  ^bb0(%in: bf16, %o: bf16):
    %p = math.fpowi %in, %c2 : bf16, i64
    %s = arith.addf %p, %o : bf16
    linalg.yield %s : bf16
  } -> tensor<8xbf16>
  %1 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x256xbf16>) outs(%init : tensor<8xbf16>) {
  ^bb0(%in: bf16, %o: bf16):
    %e = math.exp %in : bf16
    %s = arith.addf %e, %o : bf16
    linalg.yield %s : bf16
  } -> tensor<8xbf16>
  return %0, %1 : tensor<8xbf16>, tensor<8xbf16>
}
