// A softmax over rows followed by a layer norm (no affine), 128 x 768, as
// linalg ops the way frontends write them: a linalg.softmax, and the mean
// and variance as reductions with elementwise steps between them.
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @softmax_layernorm(%x: tensor<128x768xf32>) -> tensor<128x768xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 768.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %e = tensor.empty() : tensor<128x768xf32>
  %s = linalg.softmax dimension(1) ins(%x : tensor<128x768xf32>) outs(%e : tensor<128x768xf32>) -> tensor<128x768xf32>
  %er = tensor.empty() : tensor<128xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%er : tensor<128xf32>) -> tensor<128xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%s : tensor<128x768xf32>) outs(%acc : tensor<128xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.addf %a, %o : f32
    linalg.yield %r : f32
  } -> tensor<128xf32>
  %centered = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%s, %sum : tensor<128x768xf32>, tensor<128xf32>) outs(%e : tensor<128x768xf32>) {
  ^bb0(%a: f32, %t: f32, %o: f32):
    %mean = arith.divf %t, %n : f32
    %r = arith.subf %a, %mean : f32
    linalg.yield %r : f32
  } -> tensor<128x768xf32>
  %sq = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%centered : tensor<128x768xf32>) outs(%acc : tensor<128xf32>) {
  ^bb0(%a: f32, %o: f32):
    %p = arith.mulf %a, %a : f32
    %r = arith.addf %p, %o : f32
    linalg.yield %r : f32
  } -> tensor<128xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%centered, %sq : tensor<128x768xf32>, tensor<128xf32>) outs(%e : tensor<128x768xf32>) {
  ^bb0(%a: f32, %v: f32, %o: f32):
    %var = arith.divf %v, %n : f32
    %ve = arith.addf %var, %eps : f32
    %rs = math.rsqrt %ve : f32
    %r = arith.mulf %a, %rs : f32
    linalg.yield %r : f32
  } -> tensor<128x768xf32>
  return %y : tensor<128x768xf32>
}
