// RUN: tuner-opt %s --split-input-file --tuner-fold-constants | FileCheck %s
// RUN: tuner-opt %s --split-input-file --tuner-fold-constants="max-growth=64" | FileCheck %s --check-prefix=GROW
// RUN: tuner-opt %s --split-input-file --tuner-fold-constants="max-elements=4" | FileCheck %s --check-prefix=LIMIT
// RUN: tuner-opt %s --split-input-file --tuner-fold-constants="max-work=8" | FileCheck %s --check-prefix=WORK
// Results above resource-threshold become dense_resource blobs, which print
// and parse back.
// RUN: tuner-opt %s --split-input-file --tuner-fold-constants="resource-threshold=4" | tuner-opt --split-input-file | FileCheck %s --check-prefix=RES

// CHECK-LABEL: func.func @transpose_dense
// CHECK:         %[[C:.+]] = arith.constant dense<{{\[}}[1.000000e+00, 4.000000e+00], [2.000000e+00, 5.000000e+00], [3.000000e+00, 6.000000e+00]]> : tensor<3x2xf32>
// CHECK-NOT:     linalg.
// CHECK-NOT:     tensor.empty
// CHECK:         return %[[C]]
// LIMIT-LABEL: func.func @transpose_dense
// LIMIT:         linalg.transpose
// RES-LABEL:   func.func @transpose_dense
// RES:           arith.constant dense_resource<tuner_folded> : tensor<3x2xf32>
// RES-NOT:       linalg.
// RES:         tuner_folded: "0x400000000000803F000080400000004000
func.func @transpose_dense() -> tensor<3x2xf32> {
  %c = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %e = tensor.empty() : tensor<3x2xf32>
  %t = linalg.transpose ins(%c : tensor<2x3xf32>) outs(%e : tensor<3x2xf32>) permutation = [1, 0]
  return %t : tensor<3x2xf32>
}

// -----

// The weight of torch-mlir's nn.Linear: a dense_resource blob.
// CHECK-LABEL: func.func @transpose_resource_f32
// CHECK:         %[[C:.+]] = arith.constant dense<{{\[}}[1.000000e+00, 4.000000e+00], [2.000000e+00, 5.000000e+00], [3.000000e+00, 6.000000e+00]]> : tensor<3x2xf32>
// CHECK-NEXT:    return %[[C]]
// The folded blob replaces the input blob, which is no longer printed.
// CHECK-NOT:     w32:
func.func @transpose_resource_f32() -> tensor<3x2xf32> {
  %c = arith.constant dense_resource<w32> : tensor<2x3xf32>
  %e = tensor.empty() : tensor<3x2xf32>
  %t = linalg.transpose ins(%c : tensor<2x3xf32>) outs(%e : tensor<3x2xf32>) permutation = [1, 0]
  return %t : tensor<3x2xf32>
}
{-#
  dialect_resources: {
    builtin: {
      w32: "0x040000000000803F0000004000004040000080400000A0400000C040"
    }
  }
#-}

// -----

// CHECK-LABEL: func.func @transpose_resource_bf16
// CHECK:         %[[C:.+]] = arith.constant dense<{{\[}}[1.000000e+00, 4.000000e+00], [2.000000e+00, 5.000000e+00], [3.000000e+00, 6.000000e+00]]> : tensor<3x2xbf16>
// CHECK-NEXT:    return %[[C]]
func.func @transpose_resource_bf16() -> tensor<3x2xbf16> {
  %c = arith.constant dense_resource<w16> : tensor<2x3xbf16>
  %e = tensor.empty() : tensor<3x2xbf16>
  %t = linalg.transpose ins(%c : tensor<2x3xbf16>) outs(%e : tensor<3x2xbf16>) permutation = [1, 0]
  return %t : tensor<3x2xbf16>
}
{-#
  dialect_resources: {
    builtin: {
      w16: "0x02000000803F004040408040A040C040"
    }
  }
#-}

// -----

// A cast, as torch-mlir emits for a bf16 weight used in f32, with a
// permutation of its own.
// CHECK-LABEL: func.func @cast_bf16_f32
// CHECK:         %[[C:.+]] = arith.constant dense<{{\[}}[1.000000e+00, 4.000000e+00], [2.000000e+00, 5.000000e+00], [3.000000e+00, 6.000000e+00]]> : tensor<3x2xf32>
// CHECK-NEXT:    return %[[C]]
func.func @cast_bf16_f32() -> tensor<3x2xf32> {
  %c = arith.constant dense_resource<w16> : tensor<2x3xbf16>
  %e = tensor.empty() : tensor<3x2xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%c : tensor<2x3xbf16>) outs(%e : tensor<3x2xf32>) {
  ^bb0(%x: bf16, %o: f32):
    %y = arith.extf %x : bf16 to f32
    linalg.yield %y : f32
  } -> tensor<3x2xf32>
  return %t : tensor<3x2xf32>
}
{-#
  dialect_resources: {
    builtin: {
      w16: "0x02000000803F004040408040A040C040"
    }
  }
#-}

// -----

// Rounding to bf16 is to nearest, ties to even: 1 + 2^-8 (a tie) goes down
// to 1, 1 + 3 * 2^-8 (a tie) up to 1 + 2^-6, 1 + 2^-7 + 2^-9 down to
// 1 + 2^-7, -65504 (the lowest f16) to -65536; all are f16 values. A chain
// folds completely (a copy, then the truncations).
// CHECK-LABEL: func.func @truncf_chain
// CHECK:         %[[C:.+]] = arith.constant dense<[1.000000e+00, 1.015630e+00, 1.007810e+00, -6.553600e+04]> : tensor<4xbf16>
// CHECK-NEXT:    %[[H:.+]] = arith.constant dense<[1.003910e+00, 1.011720e+00, 1.009770e+00, -6.550400e+04]> : tensor<4xf16>
// CHECK-NEXT:    return %[[C]], %[[H]]
func.func @truncf_chain() -> (tensor<4xbf16>, tensor<4xf16>) {
  %c = arith.constant dense<[1.00390625, 1.01171875, 1.009765625, -65504.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.copy ins(%c : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %e1 = tensor.empty() : tensor<4xbf16>
  %b = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%t : tensor<4xf32>) outs(%e1 : tensor<4xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %y = arith.truncf %x : f32 to bf16
    linalg.yield %y : bf16
  } -> tensor<4xbf16>
  %e2 = tensor.empty() : tensor<4xf16>
  %h = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%t : tensor<4xf32>) outs(%e2 : tensor<4xf16>) {
  ^bb0(%x: f32, %o: f16):
    %y = arith.truncf %x : f32 to f16
    linalg.yield %y : f16
  } -> tensor<4xf16>
  return %b, %h : tensor<4xbf16>, tensor<4xf16>
}

// -----

// A bias broadcast to a batch grows the data: left to fusion unless
// max-growth allows it.
// CHECK-LABEL: func.func @broadcast
// CHECK:         linalg.broadcast
// GROW-LABEL:  func.func @broadcast
// GROW:          %[[C:.+]] = arith.constant dense<{{\[}}[1.000000e+00, 2.000000e+00], [1.000000e+00, 2.000000e+00], [1.000000e+00, 2.000000e+00]]> : tensor<3x2xf32>
// GROW-NEXT:     return %[[C]]
func.func @broadcast() -> tensor<3x2xf32> {
  %c = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %e = tensor.empty() : tensor<3x2xf32>
  %b = linalg.broadcast ins(%c : tensor<2xf32>) outs(%e : tensor<3x2xf32>) dimensions = [0]
  return %b : tensor<3x2xf32>
}

// -----

// A splat does not grow when broadcast: the result is a splat too.
// CHECK-LABEL: func.func @broadcast_splat
// CHECK:         %[[C:.+]] = arith.constant dense<2.500000e+00> : tensor<64x512xf32>
// CHECK-NEXT:    return %[[C]]
func.func @broadcast_splat() -> tensor<64x512xf32> {
  %c = arith.constant dense<2.5> : tensor<512xf32>
  %e = tensor.empty() : tensor<64x512xf32>
  %b = linalg.broadcast ins(%c : tensor<512xf32>) outs(%e : tensor<64x512xf32>) dimensions = [0]
  return %b : tensor<64x512xf32>
}

// -----

// An elementwise payload with a captured scalar constant and a math op.
// CHECK-LABEL: func.func @elementwise
// CHECK:         %[[C:.+]] = arith.constant dense<[1.000000e+00, 7.3890562, 54.5981483, 403.428802]> : tensor<4xf32>
// CHECK-NEXT:    return %[[C]]
func.func @elementwise() -> tensor<4xf32> {
  %c = arith.constant dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf32>
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%c : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.mulf %x, %two : f32
    %y = math.exp %m : f32
    linalg.yield %y : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A reduction accumulates into its fill init, in loop order.
// CHECK-LABEL: func.func @sum
// CHECK:         %[[C:.+]] = arith.constant dense<[6.500000e+00, 1.550000e+01]> : tensor<2xf32>
// CHECK-NEXT:    return %[[C]]
// WORK-LABEL:  func.func @sum
// WORK:          linalg.reduce
func.func @sum() -> tensor<2xf32> {
  %c = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %half = arith.constant 0.5 : f32
  %e = tensor.empty() : tensor<2xf32>
  %f = linalg.fill ins(%half : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %r = linalg.reduce ins(%c : tensor<2x3xf32>) outs(%f : tensor<2xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<2xf32>
}

// -----

// A matmul of constants (upstream named op, payload with casts), and an
// integer one.
// CHECK-LABEL: func.func @matmul
// CHECK-DAG:     %[[F:.+]] = arith.constant dense<{{\[}}[1.900000e+01, 2.200000e+01], [4.300000e+01, 5.000000e+01]]> : tensor<2x2xf32>
// CHECK-DAG:     %[[I:.+]] = arith.constant dense<{{\[}}[19, 22], [43, 50]]> : tensor<2x2xi32>
// CHECK:         return %[[F]], %[[I]]
func.func @matmul() -> (tensor<2x2xf32>, tensor<2x2xi32>) {
  %a = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %b = arith.constant dense<[[5.0, 6.0], [7.0, 8.0]]> : tensor<2x2xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %r = linalg.matmul ins(%a, %b : tensor<2x2xf32>, tensor<2x2xf32>) outs(%f : tensor<2x2xf32>) -> tensor<2x2xf32>
  %ia = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>
  %ib = arith.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi8>
  %izero = arith.constant 0 : i32
  %ie = tensor.empty() : tensor<2x2xi32>
  %if = linalg.fill ins(%izero : i32) outs(%ie : tensor<2x2xi32>) -> tensor<2x2xi32>
  %ir = linalg.matmul ins(%ia, %ib : tensor<2x2xi8>, tensor<2x2xi8>) outs(%if : tensor<2x2xi32>) -> tensor<2x2xi32>
  return %r, %ir : tensor<2x2xf32>, tensor<2x2xi32>
}

// -----

// Index computations, integer ops and an i1 result.
// CHECK-LABEL: func.func @index_and_compare
// CHECK-DAG:     %[[S:.+]] = arith.constant dense<[10, 21, 32, 43]> : tensor<4xi64>
// CHECK-DAG:     %[[B:.+]] = arith.constant dense<[false, true, true, false]> : tensor<4xi1>
// CHECK:         return %[[S]], %[[B]]
func.func @index_and_compare() -> (tensor<4xi64>, tensor<4xi1>) {
  %c = arith.constant dense<[10, 20, 30, 40]> : tensor<4xi64>
  %e = tensor.empty() : tensor<4xi64>
  %s = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%c : tensor<4xi64>) outs(%e : tensor<4xi64>) {
  ^bb0(%x: i64, %o: i64):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i64
    %y = arith.addi %x, %ii : i64
    linalg.yield %y : i64
  } -> tensor<4xi64>
  %f = arith.constant dense<[0.5, 1.5, 2.5, 3.5]> : tensor<4xf32>
  %lo = arith.constant 1.0 : f32
  %hi = arith.constant 3.0 : f32
  %eb = tensor.empty() : tensor<4xi1>
  %b = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%f : tensor<4xf32>) outs(%eb : tensor<4xi1>) {
  ^bb0(%x: f32, %o: i1):
    %above = arith.cmpf ogt, %x, %lo : f32
    %below = arith.cmpf olt, %x, %hi : f32
    %y = arith.andi %above, %below : i1
    linalg.yield %y : i1
  } -> tensor<4xi1>
  return %s, %b : tensor<4xi64>, tensor<4xi1>
}

// -----

// Integer casts take the cast path with a transpose.
// CHECK-LABEL: func.func @extsi
// CHECK:         %[[C:.+]] = arith.constant dense<{{\[}}[-1, 3], [-128, 127]]> : tensor<2x2xi32>
// CHECK-NEXT:    return %[[C]]
func.func @extsi() -> tensor<2x2xi32> {
  %c = arith.constant dense<[[-1, -128], [3, 127]]> : tensor<2x2xi8>
  %e = tensor.empty() : tensor<2x2xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%c : tensor<2x2xi8>) outs(%e : tensor<2x2xi32>) {
  ^bb0(%x: i8, %o: i32):
    %y = arith.extsi %x : i8 to i32
    linalg.yield %y : i32
  } -> tensor<2x2xi32>
  return %r : tensor<2x2xi32>
}

// -----

// A constant with other users stays; the folded result is an extra copy.
// CHECK-LABEL: func.func @other_users
// CHECK-DAG:     %[[W:.+]] = arith.constant dense<{{\[}}[1.000000e+00, 2.000000e+00]]> : tensor<1x2xf32>
// CHECK-DAG:     %[[T:.+]] = arith.constant dense<{{\[}}[1.000000e+00], [2.000000e+00]]> : tensor<2x1xf32>
// CHECK:         return %[[W]], %[[T]]
func.func @other_users() -> (tensor<1x2xf32>, tensor<2x1xf32>) {
  %w = arith.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %e = tensor.empty() : tensor<2x1xf32>
  %t = linalg.transpose ins(%w : tensor<1x2xf32>) outs(%e : tensor<2x1xf32>) permutation = [1, 0]
  return %w, %t : tensor<1x2xf32>, tensor<2x1xf32>
}

// -----

// Left alone: a non-constant input, a fill (no constant tensor input: the
// tuner fuses it), a payload op the evaluator does not know, a division by
// zero, an elided blob, a complex element type.
// CHECK-LABEL: func.func @left_alone
// CHECK:         linalg.fill
// CHECK:         linalg.matmul
// CHECK:         math.ctlz
// CHECK:         arith.divsi
// CHECK:         linalg.transpose
// CHECK:         linalg.transpose
// CHECK:         return
func.func @left_alone(%x: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2x2xf32>, tensor<2x1xcomplex<f32>>) {
  %w = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %m = linalg.matmul ins(%x, %w : tensor<2x2xf32>, tensor<2x2xf32>) outs(%f : tensor<2x2xf32>) -> tensor<2x2xf32>
  %i = arith.constant dense<[1, 2]> : tensor<2xi32>
  %ei = tensor.empty() : tensor<2xi32>
  %clz = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%i : tensor<2xi32>) outs(%ei : tensor<2xi32>) {
  ^bb0(%a: i32, %o: i32):
    %y = math.ctlz %a : i32
    linalg.yield %y : i32
  } -> tensor<2xi32>
  %d = arith.constant dense<[1, 0]> : tensor<2xi32>
  %div = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%i, %d : tensor<2xi32>, tensor<2xi32>) outs(%ei : tensor<2xi32>) {
  ^bb0(%a: i32, %b: i32, %o: i32):
    %y = arith.divsi %a, %b : i32
    linalg.yield %y : i32
  } -> tensor<2xi32>
  %elided = arith.constant dense_resource<__elided__> : tensor<2x2xf32>
  %t = linalg.transpose ins(%elided : tensor<2x2xf32>) outs(%e : tensor<2x2xf32>) permutation = [1, 0]
  %cc = arith.constant dense<[[(1.0, 2.0), (3.0, 4.0)]]> : tensor<1x2xcomplex<f32>>
  %ec = tensor.empty() : tensor<2x1xcomplex<f32>>
  %tc = linalg.transpose ins(%cc : tensor<1x2xcomplex<f32>>) outs(%ec : tensor<2x1xcomplex<f32>>) permutation = [1, 0]
  return %m, %f, %clz, %div, %t, %tc : tensor<2x2xf32>, tensor<2x2xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2x2xf32>, tensor<2x1xcomplex<f32>>
}

// -----

// 0-sized tensors fold to empty constants.
// CHECK-LABEL: func.func @zero_sized
// CHECK:         %[[C:.+]] = arith.constant dense<> : tensor<4x0xf32>
// CHECK-NEXT:    return %[[C]]
func.func @zero_sized() -> tensor<4x0xf32> {
  %c = arith.constant dense<> : tensor<0x4xf32>
  %e = tensor.empty() : tensor<4x0xf32>
  %t = linalg.transpose ins(%c : tensor<0x4xf32>) outs(%e : tensor<4x0xf32>) permutation = [1, 0]
  return %t : tensor<4x0xf32>
}

// -----

// A reduction over a 0-sized dimension yields its init.
// CHECK-LABEL: func.func @zero_sized_reduction
// CHECK:         %[[C:.+]] = arith.constant dense<1.000000e+00> : tensor<3xf32>
// CHECK-NEXT:    return %[[C]]
func.func @zero_sized_reduction() -> tensor<3xf32> {
  %c = arith.constant dense<> : tensor<3x0xf32>
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<3xf32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %r = linalg.reduce ins(%c : tensor<3x0xf32>) outs(%f : tensor<3xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<3xf32>
}

// -----

// Affine maps that are linear in the loop indices (a convolution) are
// interpreted too.
// CHECK-LABEL: func.func @conv_1d
// CHECK:         %[[C:.+]] = arith.constant dense<[3.000000e+00, 5.000000e+00, 7.000000e+00]> : tensor<3xf32>
// CHECK-NEXT:    return %[[C]]
func.func @conv_1d() -> tensor<3xf32> {
  %x = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %w = arith.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %r = linalg.conv_1d ins(%x, %w : tensor<4xf32>, tensor<2xf32>) outs(%f : tensor<3xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

// A linalg.map; a generic with two results that reads a constant
// (non-splat) init.
// CHECK-LABEL: func.func @map_and_multi_result
// CHECK-DAG:     %[[M:.+]] = arith.constant dense<[5.000000e+00, 7.000000e+00]> : tensor<2xf32>
// CHECK-DAG:     %[[S:.+]] = arith.constant dense<[1.100000e+01, 2.200000e+01]> : tensor<2xf32>
// CHECK-DAG:     %[[P:.+]] = arith.constant dense<[-1, -4]> : tensor<2xi32>
// CHECK:         return %[[M]], %[[S]], %[[P]]
func.func @map_and_multi_result() -> (tensor<2xf32>, tensor<2xf32>, tensor<2xi32>) {
  %a = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = arith.constant dense<[4.0, 5.0]> : tensor<2xf32>
  %e = tensor.empty() : tensor<2xf32>
  %m = linalg.map ins(%a, %b : tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>)
    (%x: f32, %y: f32, %o: f32) {
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    }
  %init = arith.constant dense<[10.0, 20.0]> : tensor<2xf32>
  %ei = tensor.empty() : tensor<2xi32>
  %s:2 = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%a : tensor<2xf32>) outs(%init, %ei : tensor<2xf32>, tensor<2xi32>) {
  ^bb0(%x: f32, %acc: f32, %o: i32):
    %y = arith.addf %x, %acc : f32
    %sq = arith.mulf %x, %x : f32
    %n = arith.negf %sq : f32
    %i = arith.fptosi %n : f32 to i32
    linalg.yield %y, %i : f32, i32
  } -> (tensor<2xf32>, tensor<2xi32>)
  return %m, %s#0, %s#1 : tensor<2xf32>, tensor<2xf32>, tensor<2xi32>
}

// -----

// i1 inputs (stored as packed bits in dense attributes) select values.
// CHECK-LABEL: func.func @select_i1
// CHECK:         %[[C:.+]] = arith.constant dense<[1.000000e+00, 0.000000e+00, 0.000000e+00, 4.000000e+00, 5.000000e+00, 0.000000e+00, 7.000000e+00, 0.000000e+00, 9.000000e+00]> : tensor<9xf32>
// CHECK-NEXT:    return %[[C]]
func.func @select_i1() -> tensor<9xf32> {
  %m = arith.constant dense<[true, false, false, true, true, false, true, false, true]> : tensor<9xi1>
  %v = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]> : tensor<9xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<9xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%m, %v : tensor<9xi1>, tensor<9xf32>) outs(%e : tensor<9xf32>) {
  ^bb0(%c: i1, %x: f32, %o: f32):
    %y = arith.select %c, %x, %zero : f32
    linalg.yield %y : f32
  } -> tensor<9xf32>
  return %r : tensor<9xf32>
}

// -----

// A 0-d op without inputs (StableHLO importers' scalar constants, IREE's
// jnp.var: a predicate the host would read) folds, and its extraction with
// it; a larger one (an iota) is left where it is used.
// CHECK-LABEL: func.func @scalar_without_inputs
// CHECK-DAG:     %[[T:.+]] = arith.constant dense<true> : tensor<i1>
// CHECK-DAG:     %[[E:.+]] = tensor.extract %[[T]][] : tensor<i1>
// CHECK:         linalg.generic
// CHECK-SAME:      outs(%{{.*}} : tensor<4xi32>)
// CHECK:         return %[[E]], %{{.*}} : i1, tensor<4xi32>
func.func @scalar_without_inputs() -> (i1, tensor<4xi32>) {
  %true = arith.constant true
  %e = tensor.empty() : tensor<i1>
  %p = linalg.generic {indexing_maps = [affine_map<() -> ()>], iterator_types = []} outs(%e : tensor<i1>) {
  ^bb0(%out: i1):
    linalg.yield %true : i1
  } -> tensor<i1>
  %x = tensor.extract %p[] : tensor<i1>
  %e4 = tensor.empty() : tensor<4xi32>
  %iota = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e4 : tensor<4xi32>) {
  ^bb0(%out: i32):
    %i = linalg.index 0 : index
    %c = arith.index_cast %i : index to i32
    linalg.yield %c : i32
  } -> tensor<4xi32>
  return %x, %iota : i1, tensor<4xi32>
}

// -----

// A pad of a constant (tuner-pack-bf16-dot pads constant weights to whole
// column blocks) folds into a constant, also after a transpose that folded
// before it; a pad of an argument, a pad with a computed value and a
// negative (cropping) pad stay.
// CHECK-LABEL: func.func @pad_constant
// CHECK-DAG:     arith.constant dense<{{\[}}[0.000000e+00, 1.000000e+00, 2.000000e+00, 0.000000e+00], [0.000000e+00, 3.000000e+00, 4.000000e+00, 0.000000e+00], [0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00]]> : tensor<3x4xf32>
// CHECK-DAG:     arith.constant dense<{{\[}}[1.000000e+00, 3.000000e+00, 7.000000e+00], [2.000000e+00, 4.000000e+00, 7.000000e+00]]> : tensor<2x3xf32>
// CHECK-COUNT-3: tensor.pad
// CHECK-NOT:     tensor.pad
// CHECK-NOT:     linalg.transpose
func.func @pad_constant(%arg: tensor<2x2xf32>, %v: f32) -> (tensor<3x4xf32>, tensor<2x3xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<1x4xf32>) {
  %c = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %zero = arith.constant 0.0 : f32
  %seven = arith.constant 7.0 : f32
  %0 = tensor.pad %c low[0, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<2x2xf32> to tensor<3x4xf32>
  %e = tensor.empty() : tensor<2x2xf32>
  %t = linalg.transpose ins(%c : tensor<2x2xf32>) outs(%e : tensor<2x2xf32>) permutation = [1, 0]
  %1 = tensor.pad %t low[0, 0] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %seven : f32
  } : tensor<2x2xf32> to tensor<2x3xf32>
  %2 = tensor.pad %arg low[0, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<2x2xf32> to tensor<3x4xf32>
  %3 = tensor.pad %c low[0, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : f32
  } : tensor<2x2xf32> to tensor<3x4xf32>
  %4 = tensor.pad %c low[-1, 1] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<2x2xf32> to tensor<1x4xf32>
  return %0, %1, %2, %3, %4 : tensor<3x4xf32>, tensor<2x3xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<1x4xf32>
}
