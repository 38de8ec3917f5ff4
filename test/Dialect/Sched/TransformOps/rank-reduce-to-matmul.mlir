// RUN: tuner-opt %s --transform-interpreter --split-input-file --verify-diagnostics | FileCheck %s

// A block tile of one batch of a bf16 batch matmul, its fill for it alone:
// a fill and a linalg.matmul on 2-D slices, inserted into the fill's
// destination (the old fill erased).
// CHECK-LABEL: func.func @batch_tile
// CHECK-SAME:    (%[[A:.*]]: tensor<1x32x512xbf16>, %[[B:.*]]: tensor<1x512x64xbf16>, %[[C:.*]]: tensor<1x32x64xf32>)
// CHECK:         %[[A2:.*]] = tensor.extract_slice %[[A]][0, 0, 0] [1, 32, 512] [1, 1, 1] : tensor<1x32x512xbf16> to tensor<32x512xbf16>
// CHECK:         %[[B2:.*]] = tensor.extract_slice %[[B]][0, 0, 0] [1, 512, 64] [1, 1, 1] : tensor<1x512x64xbf16> to tensor<512x64xbf16>
// CHECK:         %[[C2:.*]] = tensor.extract_slice %[[C]][0, 0, 0] [1, 32, 64] [1, 1, 1] : tensor<1x32x64xf32> to tensor<32x64xf32>
// CHECK:         %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[C2]] : tensor<32x64xf32>)
// CHECK:         %[[M:.*]] = linalg.matmul {tuner.marked} ins(%[[A2]], %[[B2]] : tensor<32x512xbf16>, tensor<512x64xbf16>) outs(%[[F]] : tensor<32x64xf32>)
// CHECK:         %[[R:.*]] = tensor.insert_slice %[[M]] into %[[C]][0, 0, 0] [1, 32, 64] [1, 1, 1] : tensor<32x64xf32> into tensor<1x32x64xf32>
// CHECK:         return %[[R]]
// CHECK-NOT:     linalg.fill
func.func @batch_tile(%a: tensor<1x32x512xbf16>, %b: tensor<1x512x64xbf16>, %c: tensor<1x32x64xf32>) -> tensor<1x32x64xf32> {
  %zero = arith.constant 0.0 : f32
  %f = linalg.fill ins(%zero : f32) outs(%c : tensor<1x32x64xf32>) -> tensor<1x32x64xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<1x32x512xbf16>, tensor<1x512x64xbf16>) outs(%f : tensor<1x32x64xf32>) -> tensor<1x32x64xf32>
  return %r : tensor<1x32x64xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %bmm = transform.structured.match ops{["linalg.batch_matmul"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %mm = transform.sched.rank_reduce_to_matmul %bmm
        : (!transform.any_op) -> !transform.any_op
    transform.annotate %mm "tuner.marked" : !transform.any_op
    transform.yield
  }
}

// -----

// One slice of K of split-K's partial products (loops (s, m, n, k); A
// indexed (m, s, k), B (s, k, n)); an init that is not a fill is sliced.
// CHECK-LABEL: func.func @split_slice
// CHECK:         %[[A2:.*]] = tensor.extract_slice %{{.*}}[0, 0, 0] [16, 1, 128] [1, 1, 1] : tensor<16x1x128xf32> to tensor<16x128xf32>
// CHECK:         %[[B2:.*]] = tensor.extract_slice %{{.*}}[0, 0, 0] [1, 128, 32] [1, 1, 1] : tensor<1x128x32xf32> to tensor<128x32xf32>
// CHECK:         %[[P2:.*]] = tensor.extract_slice %{{.*}}[0, 0, 0] [1, 16, 32] [1, 1, 1] : tensor<1x16x32xf32> to tensor<16x32xf32>
// CHECK:         linalg.matmul ins(%[[A2]], %[[B2]] : tensor<16x128xf32>, tensor<128x32xf32>) outs(%[[P2]] : tensor<16x32xf32>)
func.func @split_slice(%a: tensor<16x1x128xf32>, %b: tensor<1x128x32xf32>, %p: tensor<1x16x32xf32>) -> tensor<1x16x32xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(s, m, n, k) -> (m, s, k)>,
                                        affine_map<(s, m, n, k) -> (s, k, n)>,
                                        affine_map<(s, m, n, k) -> (s, m, n)>],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<16x1x128xf32>, tensor<1x128x32xf32>) outs(%p : tensor<1x16x32xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x16x32xf32>
  return %r : tensor<1x16x32xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %mm = transform.sched.rank_reduce_to_matmul %g
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// A batch of two is not one block's: a silenceable error with the reason
// at the op, the payload left as it was.
func.func @two_batches(%a: tensor<2x32x64xf32>, %b: tensor<2x64x32xf32>, %c: tensor<2x32x32xf32>) -> tensor<2x32x32xf32> {
  // expected-note@below {{expected batch loops of extent 1}}
  %r = linalg.batch_matmul ins(%a, %b : tensor<2x32x64xf32>, tensor<2x64x32xf32>) outs(%c : tensor<2x32x32xf32>) -> tensor<2x32x32xf32>
  return %r : tensor<2x32x32xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %bmm = transform.structured.match ops{["linalg.batch_matmul"]} in %root
        : (!transform.any_op) -> !transform.any_op
    // expected-error@below {{cannot make a 2-D matmul}}
    %mm = transform.sched.rank_reduce_to_matmul %bmm
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// B transposed ((n, k)): a linalg.matmul of the default maps would not be
// the same product.
func.func @transposed_b(%a: tensor<1x32x64xf32>, %b: tensor<1x32x64xf32>, %c: tensor<1x32x32xf32>) -> tensor<1x32x32xf32> {
  // expected-note@below {{expected A indexed (m, k), B (k, n) and the init (m, n)}}
  %r = linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>,
                                        affine_map<(b, m, n, k) -> (b, n, k)>,
                                        affine_map<(b, m, n, k) -> (b, m, n)>],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<1x32x64xf32>, tensor<1x32x64xf32>) outs(%c : tensor<1x32x32xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<1x32x32xf32>
  return %r : tensor<1x32x32xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root
        : (!transform.any_op) -> !transform.any_op
    // expected-error@below {{cannot make a 2-D matmul}}
    %mm = transform.sched.rank_reduce_to_matmul %g
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Not a contraction (an elementwise product).
func.func @elementwise(%a: tensor<1x32x32xf32>, %b: tensor<1x32x32xf32>, %c: tensor<1x32x32xf32>) -> tensor<1x32x32xf32> {
  // expected-note@below {{expected a contraction}}
  %r = linalg.mul ins(%a, %b : tensor<1x32x32xf32>, tensor<1x32x32xf32>) outs(%c : tensor<1x32x32xf32>) -> tensor<1x32x32xf32>
  return %r : tensor<1x32x32xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.mul"]} in %root
        : (!transform.any_op) -> !transform.any_op
    // expected-error@below {{cannot make a 2-D matmul}}
    %mm = transform.sched.rank_reduce_to_matmul %g
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
