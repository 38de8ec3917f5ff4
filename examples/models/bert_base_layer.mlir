// One BERT-base encoder layer (sequence 128, hidden 768, 12 heads of 64,
// FFN 3072), f32, without the layer norms: the Q, K and V projections with
// their biases, the attention's two batch matmuls with the scale and the
// softmax between them, the output projection with bias and residual, and
// the FFN (bias + GELU, tanh approximation; then bias + residual).
// README.md beside this file lists its tasks.
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#bias = affine_map<(d0, d1) -> (d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#rows3 = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @bert_base_layer(%x: tensor<128x768xf32>,
    %wq: tensor<768x768xf32>, %bq: tensor<768xf32>,
    %wk: tensor<768x768xf32>, %bk: tensor<768xf32>,
    %wv: tensor<768x768xf32>, %bv: tensor<768xf32>,
    %wo: tensor<768x768xf32>, %bo: tensor<768xf32>,
    %w1: tensor<768x3072xf32>, %b1: tensor<3072xf32>,
    %w2: tensor<3072x768xf32>, %b2: tensor<768xf32>) -> tensor<128x768xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 0.125 : f32
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %gc = arith.constant 0.7978845608 : f32
  %gk = arith.constant 0.044715 : f32
  %wscale = arith.constant 0.0360844 : f32
  %e768 = tensor.empty() : tensor<128x768xf32>
  %z768 = linalg.fill ins(%zero : f32) outs(%e768 : tensor<128x768xf32>) -> tensor<128x768xf32>

  // Projections: (x W + b) / sqrt(768), three times the same task. The
  // scale stands in for trained weights (about N(0, 0.02)): with the test
  // inputs, uniform in [-1, 1], the attention scores would otherwise be in
  // the hundreds, the softmax one-hot, and any reordering of the Q K^T sums
  // visible in the output.
  %q0 = linalg.matmul ins(%x, %wq : tensor<128x768xf32>, tensor<768x768xf32>) outs(%z768 : tensor<128x768xf32>) -> tensor<128x768xf32>
  %q = linalg.generic {indexing_maps = [#id2, #bias, #id2], iterator_types = ["parallel", "parallel"]} ins(%q0, %bq : tensor<128x768xf32>, tensor<768xf32>) outs(%e768 : tensor<128x768xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %t = arith.mulf %s, %wscale : f32
    linalg.yield %t : f32
  } -> tensor<128x768xf32>
  %k0 = linalg.matmul ins(%x, %wk : tensor<128x768xf32>, tensor<768x768xf32>) outs(%z768 : tensor<128x768xf32>) -> tensor<128x768xf32>
  %k = linalg.generic {indexing_maps = [#id2, #bias, #id2], iterator_types = ["parallel", "parallel"]} ins(%k0, %bk : tensor<128x768xf32>, tensor<768xf32>) outs(%e768 : tensor<128x768xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %t = arith.mulf %s, %wscale : f32
    linalg.yield %t : f32
  } -> tensor<128x768xf32>
  %v0 = linalg.matmul ins(%x, %wv : tensor<128x768xf32>, tensor<768x768xf32>) outs(%z768 : tensor<128x768xf32>) -> tensor<128x768xf32>
  %v = linalg.generic {indexing_maps = [#id2, #bias, #id2], iterator_types = ["parallel", "parallel"]} ins(%v0, %bv : tensor<128x768xf32>, tensor<768xf32>) outs(%e768 : tensor<128x768xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %t = arith.mulf %s, %wscale : f32
    linalg.yield %t : f32
  } -> tensor<128x768xf32>

  // Heads: [128, 12, 64] -> [12, 128, 64] (K: [12, 64, 128]).
  %qh0 = tensor.expand_shape %q [[0], [1, 2]] output_shape [128, 12, 64] : tensor<128x768xf32> into tensor<128x12x64xf32>
  %kh0 = tensor.expand_shape %k [[0], [1, 2]] output_shape [128, 12, 64] : tensor<128x768xf32> into tensor<128x12x64xf32>
  %vh0 = tensor.expand_shape %v [[0], [1, 2]] output_shape [128, 12, 64] : tensor<128x768xf32> into tensor<128x12x64xf32>
  %eh = tensor.empty() : tensor<12x128x64xf32>
  %ekt = tensor.empty() : tensor<12x64x128xf32>
  %qh = linalg.transpose ins(%qh0 : tensor<128x12x64xf32>) outs(%eh : tensor<12x128x64xf32>) permutation = [1, 0, 2]
  %kt = linalg.transpose ins(%kh0 : tensor<128x12x64xf32>) outs(%ekt : tensor<12x64x128xf32>) permutation = [1, 2, 0]
  %vh = linalg.transpose ins(%vh0 : tensor<128x12x64xf32>) outs(%eh : tensor<12x128x64xf32>) permutation = [1, 0, 2]

  // Scores: Q K^T / sqrt(64).
  %es = tensor.empty() : tensor<12x128x128xf32>
  %zs = linalg.fill ins(%zero : f32) outs(%es : tensor<12x128x128xf32>) -> tensor<12x128x128xf32>
  %s0 = linalg.batch_matmul ins(%qh, %kt : tensor<12x128x64xf32>, tensor<12x64x128xf32>) outs(%zs : tensor<12x128x128xf32>) -> tensor<12x128x128xf32>
  %s = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s0 : tensor<12x128x128xf32>) outs(%es : tensor<12x128x128xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.mulf %a, %scale : f32
    linalg.yield %r : f32
  } -> tensor<12x128x128xf32>

  // Softmax over the last dimension: max, exp(x - max), sum, divide.
  %er = tensor.empty() : tensor<12x128xf32>
  %minit = linalg.fill ins(%ninf : f32) outs(%er : tensor<12x128xf32>) -> tensor<12x128xf32>
  %m = linalg.generic {indexing_maps = [#id3, #rows3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%s : tensor<12x128x128xf32>) outs(%minit : tensor<12x128xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.maximumf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<12x128xf32>
  %p0 = linalg.generic {indexing_maps = [#id3, #rows3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s, %m : tensor<12x128x128xf32>, tensor<12x128xf32>) outs(%es : tensor<12x128x128xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<12x128x128xf32>
  %sinit = linalg.fill ins(%zero : f32) outs(%er : tensor<12x128xf32>) -> tensor<12x128xf32>
  %sum = linalg.generic {indexing_maps = [#id3, #rows3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%p0 : tensor<12x128x128xf32>) outs(%sinit : tensor<12x128xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<12x128xf32>
  %p = linalg.generic {indexing_maps = [#id3, #rows3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%p0, %sum : tensor<12x128x128xf32>, tensor<12x128xf32>) outs(%es : tensor<12x128x128xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.divf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<12x128x128xf32>

  // Context: P V, back to [128, 768].
  %zc = linalg.fill ins(%zero : f32) outs(%eh : tensor<12x128x64xf32>) -> tensor<12x128x64xf32>
  %ctx = linalg.batch_matmul ins(%p, %vh : tensor<12x128x128xf32>, tensor<12x128x64xf32>) outs(%zc : tensor<12x128x64xf32>) -> tensor<12x128x64xf32>
  %ec = tensor.empty() : tensor<128x12x64xf32>
  %ctxt = linalg.transpose ins(%ctx : tensor<12x128x64xf32>) outs(%ec : tensor<128x12x64xf32>) permutation = [1, 0, 2]
  %c = tensor.collapse_shape %ctxt [[0], [1, 2]] : tensor<128x12x64xf32> into tensor<128x768xf32>

  // Output projection + bias + residual.
  %o0 = linalg.matmul ins(%c, %wo : tensor<128x768xf32>, tensor<768x768xf32>) outs(%z768 : tensor<128x768xf32>) -> tensor<128x768xf32>
  %o = linalg.generic {indexing_maps = [#id2, #bias, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%o0, %bo, %x : tensor<128x768xf32>, tensor<768xf32>, tensor<128x768xf32>) outs(%e768 : tensor<128x768xf32>) {
  ^bb0(%a: f32, %b: f32, %r: f32, %out: f32):
    %t = arith.addf %a, %b : f32
    %u = arith.addf %t, %r : f32
    linalg.yield %u : f32
  } -> tensor<128x768xf32>

  // FFN: GELU(o W1 + b1) W2 + b2 + o.
  %e3072 = tensor.empty() : tensor<128x3072xf32>
  %z3072 = linalg.fill ins(%zero : f32) outs(%e3072 : tensor<128x3072xf32>) -> tensor<128x3072xf32>
  %h0 = linalg.matmul ins(%o, %w1 : tensor<128x768xf32>, tensor<768x3072xf32>) outs(%z3072 : tensor<128x3072xf32>) -> tensor<128x3072xf32>
  %h = linalg.generic {indexing_maps = [#id2, #bias, #id2], iterator_types = ["parallel", "parallel"]} ins(%h0, %b1 : tensor<128x3072xf32>, tensor<3072xf32>) outs(%e3072 : tensor<128x3072xf32>) {
  ^bb0(%a0: f32, %b: f32, %out: f32):
    %a = arith.addf %a0, %b : f32
    %a2 = arith.mulf %a, %a : f32
    %a3 = arith.mulf %a2, %a : f32
    %t0 = arith.mulf %a3, %gk : f32
    %t1 = arith.addf %a, %t0 : f32
    %t2 = arith.mulf %t1, %gc : f32
    %t3 = math.tanh %t2 : f32
    %t4 = arith.addf %t3, %one : f32
    %t5 = arith.mulf %a, %t4 : f32
    %t6 = arith.mulf %t5, %half : f32
    linalg.yield %t6 : f32
  } -> tensor<128x3072xf32>
  %y0 = linalg.matmul ins(%h, %w2 : tensor<128x3072xf32>, tensor<3072x768xf32>) outs(%z768 : tensor<128x768xf32>) -> tensor<128x768xf32>
  %y = linalg.generic {indexing_maps = [#id2, #bias, #id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%y0, %b2, %o : tensor<128x768xf32>, tensor<768xf32>, tensor<128x768xf32>) outs(%e768 : tensor<128x768xf32>) {
  ^bb0(%a: f32, %b: f32, %r: f32, %out: f32):
    %t = arith.addf %a, %b : f32
    %u = arith.addf %t, %r : f32
    linalg.yield %u : f32
  } -> tensor<128x768xf32>
  return %y : tensor<128x768xf32>
}
