// RUN: tuner-opt %s --split-input-file --tuner-prepare | FileCheck %s
// Preparing a prepared program changes nothing.
// RUN: tuner-opt %s --tuner-prepare -o %t.once.mlir
// RUN: tuner-opt %t.once.mlir --tuner-prepare -o %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
// Without fusion and folding, only the decompositions remain.
// RUN: tuner-opt %s --split-input-file --tuner-prepare="fuse=false fold-constants=false" | FileCheck %s --check-prefix=NOFUSE

// A softmax decomposes into a row maximum, a row sum of exponentials (the
// exponential fused into the sum) and a division (recomputing it).
// CHECK-LABEL: func.func @softmax
// CHECK-NOT:     linalg.softmax
// CHECK:         %[[MAX:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK:           arith.maxnumf
// CHECK:         %[[SUM:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK-SAME:      ins(%{{.*}}, %[[MAX]] :
// CHECK:           math.exp
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]
// CHECK-SAME:      ins(%{{.*}}, %[[MAX]], %[[SUM]] :
// CHECK:           arith.divf
// NOFUSE-LABEL: func.func @softmax
// NOFUSE-COUNT-4: linalg.generic
func.func @softmax(%x: tensor<4x32xf32>) -> tensor<4x32xf32> {
  %e = tensor.empty() : tensor<4x32xf32>
  %r = linalg.softmax dimension(1) ins(%x : tensor<4x32xf32>) outs(%e : tensor<4x32xf32>) -> tensor<4x32xf32>
  return %r : tensor<4x32xf32>
}

// -----

// A pad becomes a fill of the padded shape and an insertion of the source,
// which its producer can write in place (the unit batch dimension of the
// producer is dropped: the insertion is rank-reducing).
// CHECK-LABEL: func.func @pad
// CHECK:         %[[R:.*]] = linalg.generic
// CHECK:         } -> tensor<8x8x16xf32>
// CHECK:         %[[F:.*]] = linalg.fill {{.*}} -> tensor<1x10x10x16xf32>
// CHECK:         tensor.insert_slice %[[R]] into %[[F]][0, 1, 1, 0] [1, 8, 8, 16] [1, 1, 1, 1] : tensor<8x8x16xf32> into tensor<1x10x10x16xf32>
// CHECK-NOT:     tensor.pad
// NOFUSE-LABEL: func.func @pad
// NOFUSE:         linalg.fill
// NOFUSE:         tensor.insert_slice
func.func @pad(%x: tensor<1x8x8x16xf32>) -> tensor<1x10x10x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x8x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>, affine_map<(a, b, c, d) -> (a, b, c, d)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<1x8x8x16xf32>) outs(%e : tensor<1x8x8x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x8x8x16xf32>
  %p = tensor.pad %r low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x8x8x16xf32> to tensor<1x10x10x16xf32>
  return %p : tensor<1x10x10x16xf32>
}

// -----

// A weight transpose (torch-mlir's nn.Linear) is folded at compile time.
// CHECK-LABEL: func.func @weights
// CHECK:         %[[W:.*]] = arith.constant dense<{{\[}}[1.000000e+00, 5.000000e-01], [2.000000e+00, 5.000000e-01]{{.*}}> : tensor<8x2xf32>
// CHECK-NOT:     linalg.transpose
// CHECK:         linalg.matmul ins(%{{.*}}, %[[W]] :
// NOFUSE-LABEL: func.func @weights
// NOFUSE:         linalg.transpose
func.func @weights(%x: tensor<4x8xf32>) -> tensor<4x2xf32> {
  %w = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0], [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5]]> : tensor<2x8xf32>
  %e = tensor.empty() : tensor<8x2xf32>
  %t = linalg.transpose ins(%w : tensor<2x8xf32>) outs(%e : tensor<8x2xf32>) permutation = [1, 0]
  %zero = arith.constant 0.0 : f32
  %e2 = tensor.empty() : tensor<4x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e2 : tensor<4x2xf32>) -> tensor<4x2xf32>
  %r = linalg.matmul ins(%x, %t : tensor<4x8xf32>, tensor<8x2xf32>) outs(%f : tensor<4x2xf32>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// -----

// A bf16 matmul accumulating in f32: its inputs are extended once, before
// it; the weight's extension folds at compile time, the activation's is an
// elementwise op; the matmul computes in f32.
// CHECK-LABEL: func.func @bf16_linear
// CHECK-DAG:     %[[W:.*]] = arith.constant dense<{{.*}}> : tensor<4x2xf32>
// CHECK:         %[[A:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<3x4xbf16>)
// CHECK:           arith.extf
// CHECK:         linalg.matmul ins(%[[A]], %[[W]] : tensor<3x4xf32>, tensor<4x2xf32>)
// NOFUSE-LABEL: func.func @bf16_linear
// NOFUSE:         linalg.generic
// NOFUSE:         linalg.generic
// NOFUSE:         linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<3x4xf32>, tensor<4x2xf32>)
func.func @bf16_linear(%a: tensor<3x4xbf16>) -> tensor<3x2xf32> {
  %w = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<4x2xbf16>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<3x2xf32>) -> tensor<3x2xf32>
  %r = linalg.matmul ins(%a, %w : tensor<3x4xbf16>, tensor<4x2xbf16>) outs(%f : tensor<3x2xf32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// -----

// A fill shared by a matmul's accumulator and the zero padding another
// value is inserted into (CSE merges the two): each user gets its own, so
// that the matmul's schedule fuses its fill and bufferization need not copy
// the accumulator.
// CHECK-LABEL: func.func @shared_fill
// CHECK:         %[[F1:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%{{.+}} : tensor<16x16xf32>)
// CHECK:         %[[F2:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%{{.+}} : tensor<16x16xf32>)
// CHECK-DAG:     linalg.matmul ins(%{{.+}}, %{{.+}} : tensor<16x16xf32>, tensor<16x16xf32>) outs(%[[F1]] :
// CHECK-DAG:     tensor.insert_slice %{{.+}} into %[[F2]]
func.func @shared_fill(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<8x8xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  %m = linalg.matmul ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%f : tensor<16x16xf32>) -> tensor<16x16xf32>
  %p = tensor.insert_slice %c into %f[0, 0] [8, 8] [1, 1] : tensor<8x8xf32> into tensor<16x16xf32>
  return %m, %p : tensor<16x16xf32>, tensor<16x16xf32>
}

// -----

// Calls to the module's own functions are inlined (the helper's matmul and
// tanh become ops of each caller, fused there), the private helper dropped;
// a call to a declaration stays.
// CHECK-NOT: func.func private @layer
// CHECK-LABEL: func.func @two_layers
// CHECK-NOT:     call @layer
// CHECK-COUNT-2: linalg.matmul
// CHECK:         call @log_value
func.func private @layer(%x: tensor<16x32xf32>, %w: tensor<32x32xf32>) -> tensor<16x32xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<16x32xf32>) -> tensor<16x32xf32>
  %r = linalg.matmul ins(%x, %w : tensor<16x32xf32>, tensor<32x32xf32>) outs(%f : tensor<16x32xf32>) -> tensor<16x32xf32>
  %t = linalg.tanh ins(%r : tensor<16x32xf32>) outs(%e : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %t : tensor<16x32xf32>
}
func.func private @log_value(f32)
func.func @two_layers(%x: tensor<16x32xf32>, %w: tensor<32x32xf32>, %s: f32) -> tensor<16x32xf32> {
  %a = call @layer(%x, %w) : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  %b = call @layer(%a, %w) : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  call @log_value(%s) : (f32) -> ()
  return %b : tensor<16x32xf32>
}

// -----

// Constant inits (IREE's import folds a matmul's zero fill into a constant)
// become a fill of a fresh tensor (a splat) or a copy (other constants):
// the sketches fuse the fill, and no schedule writes into a constant.
// CHECK-LABEL: func.func @constant_inits
// CHECK:         %[[Z:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%{{.+}} : tensor<8x16xf32>)
// CHECK:         linalg.matmul ins(%{{.+}}, %{{.+}} : tensor<8x4xf32>, tensor<4x16xf32>) outs(%[[Z]] : tensor<8x16xf32>)
// CHECK:         %[[C:.+]] = linalg.copy ins(%{{.+}} : tensor<2x3xf32>) outs(%{{.+}} : tensor<2x3xf32>)
// CHECK:         linalg.generic {{.*}} outs(%[[C]] : tensor<2x3xf32>)
func.func @constant_inits(%a: tensor<8x4xf32>, %b: tensor<4x16xf32>, %x: tensor<2x3x5xf32>) -> (tensor<8x16xf32>, tensor<2x3xf32>) {
  %zero = arith.constant dense<0.0> : tensor<8x16xf32>
  %m = linalg.matmul ins(%a, %b : tensor<8x4xf32>, tensor<4x16xf32>) outs(%zero : tensor<8x16xf32>) -> tensor<8x16xf32>
  %start = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<2x3x5xf32>) outs(%start : tensor<2x3xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %r = arith.addf %v, %acc : f32
    linalg.yield %r : f32
  } -> tensor<2x3xf32>
  return %m, %s : tensor<8x16xf32>, tensor<2x3xf32>
}

// -----

// Ops with a loop of no iteration compute nothing: a matmul with a K of 0 is
// its init (the fill), a 3-D convolution with no output channel its empty
// init; neither is rewritten (2-D convolutions, transposes) nor a task.
// CHECK-LABEL: func.func @empty_loops
// CHECK-NOT: linalg.matmul
// CHECK-NOT: linalg.conv
// CHECK: %[[FILL:.*]] = linalg.fill
// CHECK-NOT: linalg.matmul
// CHECK-NOT: linalg.conv
// CHECK: return %{{.*}}, %[[FILL]]
func.func @empty_loops(%x: tensor<4x3x3x3x16xf32>, %w: tensor<1x1x1x16x0xf32>, %a: tensor<5x0xf32>, %b: tensor<0x6xf32>) -> (tensor<4x3x3x3x0xf32>, tensor<5x6xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x3x3x3x0xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x3x3x3x0xf32>) -> tensor<4x3x3x3x0xf32>
  %c = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<4> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>} ins(%x, %w : tensor<4x3x3x3x16xf32>, tensor<1x1x1x16x0xf32>) outs(%f : tensor<4x3x3x3x0xf32>) -> tensor<4x3x3x3x0xf32>
  %one = arith.constant 1.5 : f32
  %e2 = tensor.empty() : tensor<5x6xf32>
  %f2 = linalg.fill ins(%one : f32) outs(%e2 : tensor<5x6xf32>) -> tensor<5x6xf32>
  %m = linalg.matmul ins(%a, %b : tensor<5x0xf32>, tensor<0x6xf32>) outs(%f2 : tensor<5x6xf32>) -> tensor<5x6xf32>
  return %c, %m : tensor<4x3x3x3x0xf32>, tensor<5x6xf32>
}
