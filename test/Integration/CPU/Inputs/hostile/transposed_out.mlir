// An elementwise op writing its result transposed.
func.func @main(%a: tensor<37x65xf32>, %b: tensor<65xf32>) -> tensor<65x37xf32> {
  %e = tensor.empty() : tensor<65x37xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0,d1)->(d0,d1)>, affine_map<(d0,d1)->(d1)>, affine_map<(d0,d1)->(d1,d0)>], iterator_types = ["parallel","parallel"]} ins(%a, %b : tensor<37x65xf32>, tensor<65xf32>) outs(%e : tensor<65x37xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %d = arith.addf %x, %y : f32
    linalg.yield %d : f32
  } -> tensor<65x37xf32>
  return %r : tensor<65x37xf32>
}
