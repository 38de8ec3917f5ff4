// A contraction-shaped generic with scf.if in its body: the vectorizing
// sketch's default does not apply, the fallback's does.
func.func @f(%a: tensor<33x65xf32>, %b: tensor<65x17xf32>) -> tensor<33x17xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<33x17xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<33x17xf32>) -> tensor<33x17xf32>
  %r = linalg.generic {indexing_maps=[affine_map<(m,n,k)->(m,k)>,affine_map<(m,n,k)->(k,n)>,affine_map<(m,n,k)->(m,n)>], iterator_types=["parallel","parallel","reduction"]} ins(%a, %b : tensor<33x65xf32>, tensor<65x17xf32>) outs(%f : tensor<33x17xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %c = arith.cmpf ogt, %x, %z : f32
    %v = scf.if %c -> f32 {
      %m = arith.mulf %x, %y : f32
      scf.yield %m : f32
    } else {
      scf.yield %y : f32
    }
    %s = arith.addf %o, %v : f32
    linalg.yield %s : f32
  } -> tensor<33x17xf32>
  return %r : tensor<33x17xf32>
}
