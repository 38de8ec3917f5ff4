// A 0-d operand broadcast to every element (a scalar tensor).
func.func @main(%a: tensor<37x65xf32>, %s: tensor<f32>) -> tensor<37x65xf32> {
  %e = tensor.empty() : tensor<37x65xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0,d1)->(d0,d1)>, affine_map<(d0,d1)->()>, affine_map<(d0,d1)->(d0,d1)>], iterator_types = ["parallel","parallel"]} ins(%a, %s : tensor<37x65xf32>, tensor<f32>) outs(%e : tensor<37x65xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %d = arith.divf %x, %y : f32
    linalg.yield %d : f32
  } -> tensor<37x65xf32>
  return %r : tensor<37x65xf32>
}
