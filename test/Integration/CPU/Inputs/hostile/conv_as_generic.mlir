// A 1-D convolution written as a generic with an affine (d0 + d1) access.
func.func @main(%x: tensor<4x70xf32>, %w: tensor<5xf32>) -> tensor<4x66xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x66xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x66xf32>) -> tensor<4x66xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(b,i,k)->(b,i+k)>, affine_map<(b,i,k)->(k)>, affine_map<(b,i,k)->(b,i)>], iterator_types = ["parallel","parallel","reduction"]} ins(%x, %w : tensor<4x70xf32>, tensor<5xf32>) outs(%f : tensor<4x66xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<4x66xf32>
  return %r : tensor<4x66xf32>
}
