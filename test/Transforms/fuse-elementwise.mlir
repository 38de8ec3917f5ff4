// RUN: tuner-opt %s --split-input-file --tuner-fuse-elementwise | FileCheck %s

// A bias broadcast and an add (named ops) become one generic reading the
// bias through a projection; a relu after them joins it.
// CHECK-LABEL: func.func @bias_relu
// CHECK-SAME:    (%[[X:.*]]: tensor<4x8xf32>, %[[B:.*]]: tensor<8xf32>)
// CHECK:         %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID:.*]], #[[PROJ:.*]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[B]] : tensor<4x8xf32>, tensor<8xf32>)
// CHECK:           arith.addf
// CHECK:           arith.maximumf
// CHECK-NOT:     linalg.{{generic|add|broadcast}}
// CHECK:         return %[[R]]
func.func @bias_relu(%x: tensor<4x8xf32>, %bias: tensor<8xf32>) -> tensor<4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %b = linalg.broadcast ins(%bias : tensor<8xf32>) outs(%e : tensor<4x8xf32>) dimensions = [0]
  %s = linalg.add ins(%x, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// A transpose back to one layout followed by a transpose to the other
// (what channels-last conversion leaves between two convolutions) cancels
// into one elementwise op in the original layout.
// CHECK-LABEL: func.func @transposes_cancel
// CHECK:         %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID:.*]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK:           arith.maximumf
// CHECK-NOT:     linalg.{{generic|transpose}}
// CHECK:         return %[[R]] : tensor<5x6x7xf32>
func.func @transposes_cancel(%x: tensor<5x6x7xf32>) -> tensor<5x6x7xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<5x7x6xf32>
  %t1 = linalg.transpose ins(%x : tensor<5x6x7xf32>) outs(%e1 : tensor<5x7x6xf32>) permutation = [0, 2, 1]
  %r1 = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%t1 : tensor<5x7x6xf32>) outs(%e1 : tensor<5x7x6xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  } -> tensor<5x7x6xf32>
  %e2 = tensor.empty() : tensor<5x6x7xf32>
  %t2 = linalg.transpose ins(%r1 : tensor<5x7x6xf32>) outs(%e2 : tensor<5x6x7xf32>) permutation = [0, 2, 1]
  return %t2 : tensor<5x6x7xf32>
}

// -----

// A softmax step: exp(x - max) feeds both the row sum and the division.
// It is cheap, so each consumer recomputes it: the sum reads x and the
// maximum, and no tensor of exponentials is written.
// CHECK-LABEL: func.func @softmax_steps
// CHECK:         %[[SUM:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK:           arith.subf
// CHECK:           math.exp
// CHECK:           arith.addf
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %{{.*}}, %[[SUM]] :
// CHECK:           math.exp
// CHECK:           arith.divf
// CHECK-NOT:     linalg.generic
func.func @softmax_steps(%x: tensor<4x16xf32>, %max: tensor<4xf32>) -> tensor<4x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x16xf32>
  %exp = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%x, %max : tensor<4x16xf32>, tensor<4xf32>) outs(%e : tensor<4x16xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<4x16xf32>
  %e1 = tensor.empty() : tensor<4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%exp : tensor<4x16xf32>) outs(%acc : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %div = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%exp, %sum : tensor<4x16xf32>, tensor<4xf32>) outs(%e : tensor<4x16xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %q = arith.divf %a, %s : f32
    linalg.yield %q : f32
  } -> tensor<4x16xf32>
  return %div : tensor<4x16xf32>
}

// -----

// Contractions keep their operands: the cast of A stays outside the matmul.
// An expensive producer with two users is not recomputed in each.
// CHECK-LABEL: func.func @not_into_contractions
// CHECK:         %[[CAST:.*]] = linalg.generic
// CHECK:           arith.extf
// CHECK:         linalg.matmul ins(%[[CAST]],
// CHECK:         %[[EXPENSIVE:.*]] = linalg.generic
// CHECK-COUNT-5:   math.
// CHECK:         linalg.generic {{.*}} ins(%[[EXPENSIVE]] :
// CHECK:         linalg.generic {{.*}} ins(%[[EXPENSIVE]] :
func.func @not_into_contractions(%a: tensor<8x8xbf16>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) {
  %e = tensor.empty() : tensor<8x8xf32>
  %a32 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<8x8xbf16>) outs(%e : tensor<8x8xf32>) {
  ^bb0(%x: bf16, %o: f32):
    %y = arith.extf %x : bf16 to f32
    linalg.yield %y : f32
  } -> tensor<8x8xf32>
  %m = linalg.matmul ins(%a32, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  %x = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %1 = math.exp %v : f32
    %2 = math.tanh %1 : f32
    %3 = math.log %2 : f32
    %4 = math.sin %3 : f32
    %5 = math.cos %4 : f32
    linalg.yield %5 : f32
  } -> tensor<8x8xf32>
  %u = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %n = arith.negf %v : f32
    linalg.yield %n : f32
  } -> tensor<8x8xf32>
  %w = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %n = arith.mulf %v, %v : f32
    linalg.yield %n : f32
  } -> tensor<8x8xf32>
  return %m, %u, %w : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// torch-mlir's Linear on a 3-D input: collapse, matmul, expand, bias. The
// bias stays on the matmul's 2-D result (the reshape moves after it), so
// that it fuses into the matmul's tiles.
// CHECK-LABEL: func.func @linear_3d
// CHECK:       %[[M:.*]] = linalg.matmul
// CHECK:       %[[B:.*]] = linalg.generic {{.*}} ins(%[[M]], %{{.*}} : tensor<48x64xf32>, tensor<64xf32>)
// CHECK:       tensor.expand_shape %[[B]] {{\[\[}}0, 1], [2]] output_shape [2, 24, 64]
func.func @linear_3d(%x: tensor<2x24x32xf32>, %w: tensor<32x64xf32>, %b: tensor<64xf32>) -> tensor<2x24x64xf32> {
  %z = arith.constant 0.0 : f32
  %flat = tensor.collapse_shape %x [[0, 1], [2]] : tensor<2x24x32xf32> into tensor<48x32xf32>
  %e = tensor.empty() : tensor<48x64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<48x64xf32>) -> tensor<48x64xf32>
  %m = linalg.matmul ins(%flat, %w : tensor<48x32xf32>, tensor<32x64xf32>) outs(%f : tensor<48x64xf32>) -> tensor<48x64xf32>
  %r = tensor.expand_shape %m [[0, 1], [2]] output_shape [2, 24, 64] : tensor<48x64xf32> into tensor<2x24x64xf32>
  %e3 = tensor.empty() : tensor<2x24x64xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (k)>, affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%r, %b : tensor<2x24x64xf32>, tensor<64xf32>) outs(%e3 : tensor<2x24x64xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<2x24x64xf32>
  return %y : tensor<2x24x64xf32>
}

// -----

// A causal mask (key position <= query position, from linalg.index) added
// to attention scores does not join the row max: there its index would read
// the reduction loop, which no reduction schedule splits (OPT's and BLOOM's
// softmaxes got the fallback's scalar loops).
// CHECK-LABEL: func.func @causal_mask
// CHECK:         %[[MASKED:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
// CHECK:           linalg.index 1
// CHECK:         linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]} ins(%[[MASKED]] :
// CHECK-NOT:       linalg.index
// CHECK:           arith.maximumf
#id = affine_map<(q, k) -> (q, k)>
#row = affine_map<(q, k) -> (q)>
func.func @causal_mask(%s: tensor<64x64xf32>) -> (tensor<64xf32>, tensor<64x64xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %masked = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %q = linalg.index 0 : index
    %k = linalg.index 1 : index
    %le = arith.cmpi ule, %k, %q : index
    %b = arith.select %le, %zero, %ninf : f32
    %y = arith.addf %x, %b : f32
    linalg.yield %y : f32
  } -> tensor<64x64xf32>
  %er = tensor.empty() : tensor<64xf32>
  %init = linalg.fill ins(%ninf : f32) outs(%er : tensor<64xf32>) -> tensor<64xf32>
  %max = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%masked : tensor<64x64xf32>) outs(%init : tensor<64xf32>) {
  ^bb0(%x: f32, %m: f32):
    %y = arith.maximumf %x, %m : f32
    linalg.yield %y : f32
  } -> tensor<64xf32>
  %exp = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%masked : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<64x64xf32>
  return %max, %exp : tensor<64xf32>, tensor<64x64xf32>
}
