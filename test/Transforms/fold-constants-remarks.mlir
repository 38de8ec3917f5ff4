// RUN: tuner-opt %s --split-input-file --tuner-fold-constants=remarks=true --verify-diagnostics | FileCheck %s

// Each op with a constant tensor input that is left alone says why; nothing
// crashes on odd input.

func.func @not_constant(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %w = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %e = tensor.empty() : tensor<2x2xf32>
  // expected-remark @+1 {{not folded: input #0 is not a constant}}
  %m = linalg.matmul ins(%x, %w : tensor<2x2xf32>, tensor<2x2xf32>) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  // No constant tensor input at all: no remark.
  %a = linalg.add ins(%x, %x : tensor<2x2xf32>, tensor<2x2xf32>) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %a : tensor<2x2xf32>
}

// -----

func.func @init_not_constant(%init: tensor<2xf32>) -> tensor<2xf32> {
  %c = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  // expected-remark @+1 {{not folded: init #1 is read but is not a constant}}
  %r = linalg.reduce ins(%c : tensor<2x2xf32>) outs(%init : tensor<2xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<2xf32>
}

// -----

func.func @captured_argument(%s: f32) -> tensor<2xf32> {
  %c = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %e = tensor.empty() : tensor<2xf32>
  // expected-remark @+1 {{not folded: payload op 'arith.mulf' uses a value that is neither computed by the payload nor a scalar constant}}
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%c : tensor<2xf32>) outs(%e : tensor<2xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %s : f32
    linalg.yield %y : f32
  } -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @unsupported_op() -> tensor<2xi32> {
  %c = arith.constant dense<[1, 2]> : tensor<2xi32>
  %e = tensor.empty() : tensor<2xi32>
  // expected-remark @+1 {{not folded: payload op 'math.ctpop' cannot be evaluated}}
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%c : tensor<2xi32>) outs(%e : tensor<2xi32>) {
  ^bb0(%x: i32, %o: i32):
    %y = math.ctpop %x : i32
    linalg.yield %y : i32
  } -> tensor<2xi32>
  return %r : tensor<2xi32>
}

// -----

func.func @poison() -> (tensor<2xi32>, tensor<2xi8>) {
  %c = arith.constant dense<[-2147483648, 2]> : tensor<2xi32>
  %m = arith.constant dense<-1> : tensor<2xi32>
  %e = tensor.empty() : tensor<2xi32>
  // expected-remark @+1 {{not folded: evaluating it hits undefined behaviour or poison at iteration (0)}}
  %r = linalg.div ins(%c, %m : tensor<2xi32>, tensor<2xi32>) outs(%e : tensor<2xi32>) -> tensor<2xi32>
  %f = arith.constant dense<[1.0, 300.0]> : tensor<2xf32>
  %e8 = tensor.empty() : tensor<2xi8>
  // expected-remark @+1 {{not folded: a conversion is out of range (poison)}}
  %i = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%f : tensor<2xf32>) outs(%e8 : tensor<2xi8>) {
  ^bb0(%x: f32, %o: i8):
    %y = arith.fptosi %x : f32 to i8
    linalg.yield %y : i8
  } -> tensor<2xi8>
  return %r, %i : tensor<2xi32>, tensor<2xi8>
}

// -----

func.func @blobs() -> (tensor<2x2xf32>, tensor<2x2xf32>) {
  %elided = arith.constant dense_resource<__elided__> : tensor<2x2xf32>
  %e = tensor.empty() : tensor<2x2xf32>
  // expected-remark @+1 {{not folded: input #0: the data of dense_resource<__elided__> is not available}}
  %t = linalg.transpose ins(%elided : tensor<2x2xf32>) outs(%e : tensor<2x2xf32>) permutation = [1, 0]
  %short = arith.constant dense_resource<short> : tensor<2x2xf32>
  // expected-remark @+1 {{not folded: input #0: dense_resource<short> holds 8 bytes, 16 expected}}
  %u = linalg.transpose ins(%short : tensor<2x2xf32>) outs(%e : tensor<2x2xf32>) permutation = [1, 0]
  return %t, %u : tensor<2x2xf32>, tensor<2x2xf32>
}
{-#
  dialect_resources: {
    builtin: {
      short: "0x040000000000803F00000040"
    }
  }
#-}

// -----

func.func @element_types() -> (tensor<2xindex>, tensor<2xi128>) {
  %c = arith.constant dense<[1, 2]> : tensor<2xindex>
  %e = tensor.empty() : tensor<2xindex>
  // expected-remark @+1 {{not folded: input #0: element type index is not supported}}
  %r = linalg.copy ins(%c : tensor<2xindex>) outs(%e : tensor<2xindex>) -> tensor<2xindex>
  %w = arith.constant dense<[1, 2]> : tensor<2xi128>
  %ew = tensor.empty() : tensor<2xi128>
  // expected-remark @+1 {{not folded: input #0: element type i128 is not supported}}
  %s = linalg.copy ins(%w : tensor<2xi128>) outs(%ew : tensor<2xi128>) -> tensor<2xi128>
  return %r, %s : tensor<2xindex>, tensor<2xi128>
}

// -----

// Huge shapes: a splat result is a splat whatever its size; others are
// bounded by max-elements or do not fit in 64 bits.
// CHECK-LABEL: func.func @huge
// CHECK:         arith.constant dense<3.000000e+00> : tensor<1000000x1000000xf32>
func.func @huge(%i: index) -> (tensor<1000000x1000000xf32>, tensor<100000x100000xf32>, tensor<4294967296x4294967296xf32>) {
  %c = arith.constant dense<1.0> : tensor<1000000x1000000xf32>
  %e = tensor.empty() : tensor<1000000x1000000xf32>
  %r = linalg.add ins(%c, %c : tensor<1000000x1000000xf32>, tensor<1000000x1000000xf32>) outs(%e : tensor<1000000x1000000xf32>) -> tensor<1000000x1000000xf32>
  %r2 = linalg.add ins(%r, %c : tensor<1000000x1000000xf32>, tensor<1000000x1000000xf32>) outs(%e : tensor<1000000x1000000xf32>) -> tensor<1000000x1000000xf32>
  %w = arith.constant dense_resource<__elided__> : tensor<100000x100000xf32>
  %e2 = tensor.empty() : tensor<100000x100000xf32>
  // expected-remark @+1 {{not folded: input #0: the data of dense_resource<__elided__> is not available}}
  %t = linalg.transpose ins(%w : tensor<100000x100000xf32>) outs(%e2 : tensor<100000x100000xf32>) permutation = [1, 0]
  %x = arith.constant dense<1.0> : tensor<4294967296x4294967296xf32>
  %e3 = tensor.empty() : tensor<4294967296x4294967296xf32>
  // expected-remark @+1 {{not folded: input #0: tensor<4294967296x4294967296xf32> has too many elements}}
  %u = linalg.copy ins(%x : tensor<4294967296x4294967296xf32>) outs(%e3 : tensor<4294967296x4294967296xf32>) -> tensor<4294967296x4294967296xf32>
  return %r2, %t, %u : tensor<1000000x1000000xf32>, tensor<100000x100000xf32>, tensor<4294967296x4294967296xf32>
}

// -----

func.func @index_growth() -> tensor<4xi32> {
  %c = arith.constant dense<7> : tensor<4xi32>
  %e = tensor.empty() : tensor<4xi32>
  // The payload reads the indices, so the result of a splat is not a splat:
  // it grows the data.
  // expected-remark @+1 {{not folded: the result has 4 elements, more than max-growth (1) times the 0 of the largest non-splat constant operand}}
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%c : tensor<4xi32>) outs(%e : tensor<4xi32>) {
  ^bb0(%x: i32, %o: i32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %y = arith.addi %x, %ii : i32
    linalg.yield %y : i32
  } -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// -----

func.func @non_linear_map() -> tensor<2xf32> {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %d = arith.constant dense<1.0> : tensor<2x2xf32>
  %e = tensor.empty() : tensor<2xf32>
  // expected-remark @+1 {{not folded: indexing map (d0, d1) -> (d0 * 2 + d1 mod 2) is not a linear function of the loop indices}}
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i * 2 + j mod 2)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%c, %d : tensor<4xf32>, tensor<2x2xf32>) outs(%e : tensor<2xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

func.func @memref(%m: memref<2x2xf32>) {
  %c = arith.constant dense<1.0> : tensor<2x2xf32>
  // Buffers are not folded (and not candidates).
  linalg.copy ins(%m : memref<2x2xf32>) outs(%m : memref<2x2xf32>)
  return
}
