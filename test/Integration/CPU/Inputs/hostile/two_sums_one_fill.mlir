// A sum and a sum of squares initialized by one fill (var_mean).
func.func @f(%a: tensor<33x65xf32>) -> (tensor<33xf32>, tensor<33xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<33xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<33xf32>) -> tensor<33xf32>
  %r:2 = linalg.generic {indexing_maps=[affine_map<(d0,d1)->(d0,d1)>,affine_map<(d0,d1)->(d0)>,affine_map<(d0,d1)->(d0)>], iterator_types=["parallel","reduction"]} ins(%a : tensor<33x65xf32>) outs(%f, %f : tensor<33xf32>, tensor<33xf32>) {
  ^bb0(%x: f32, %s: f32, %q: f32):
    %s2 = arith.addf %x, %s : f32
    %xx = arith.mulf %x, %x : f32
    %q2 = arith.addf %xx, %q : f32
    linalg.yield %s2, %q2 : f32, f32
  } -> (tensor<33xf32>, tensor<33xf32>)
  return %r#0, %r#1 : tensor<33xf32>, tensor<33xf32>
}
