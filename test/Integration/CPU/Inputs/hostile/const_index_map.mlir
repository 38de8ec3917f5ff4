// A constant index in an indexing map: row 2 of %a broadcast.
func.func @main(%a: tensor<5x65xf32>, %b: tensor<37x65xf32>) -> tensor<37x65xf32> {
  %e = tensor.empty() : tensor<37x65xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0,d1)->(2,d1)>, affine_map<(d0,d1)->(d0,d1)>, affine_map<(d0,d1)->(d0,d1)>], iterator_types = ["parallel","parallel"]} ins(%a, %b : tensor<5x65xf32>, tensor<37x65xf32>) outs(%e : tensor<37x65xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.mulf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<37x65xf32>
  return %r : tensor<37x65xf32>
}
