// A matrix-vector product as PyTorch models write it (nn.Linear on a batch
// of two rows): B as [N, K], a fused bias and ReLU.
#a = affine_map<(m, n, k) -> (m, k)>
#b = affine_map<(m, n, k) -> (n, k)>
#c = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
#row = affine_map<(m, n) -> (n)>

func.func @linear_bias(%x: tensor<2x512xf32>, %w: tensor<256x512xf32>, %bias: tensor<256xf32>) -> tensor<2x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x256xf32>) -> tensor<2x256xf32>
  %r = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : tensor<2x512xf32>, tensor<256x512xf32>) outs(%f : tensor<2x256xf32>) {
  ^bb0(%in: f32, %in_w: f32, %out: f32):
    %p = arith.mulf %in, %in_w : f32
    %s = arith.addf %out, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x256xf32>
  %o = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%r, %bias : tensor<2x256xf32>, tensor<256xf32>) outs(%e : tensor<2x256xf32>) {
  ^bb0(%in: f32, %in_b: f32, %out: f32):
    %s = arith.addf %in, %in_b : f32
    %y = arith.maximumf %s, %zero : f32
    linalg.yield %y : f32
  } -> tensor<2x256xf32>
  return %o : tensor<2x256xf32>
}

