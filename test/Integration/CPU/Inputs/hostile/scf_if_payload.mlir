// An scf.if in the payload of a generic (a branch per element).
func.func @main(%a: tensor<37x65xf32>) -> tensor<37x65xf32> {
  %e = tensor.empty() : tensor<37x65xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0,d1)->(d0,d1)>, affine_map<(d0,d1)->(d0,d1)>], iterator_types = ["parallel","parallel"]} ins(%a : tensor<37x65xf32>) outs(%e : tensor<37x65xf32>) {
  ^bb0(%x: f32, %o: f32):
    %z = arith.constant 0.0 : f32
    %c = arith.cmpf ogt, %x, %z : f32
    %y = scf.if %c -> f32 {
      %t = math.exp %x : f32
      scf.yield %t : f32
    } else {
      %t = math.sin %x : f32
      scf.yield %t : f32
    }
    linalg.yield %y : f32
  } -> tensor<37x65xf32>
  return %r : tensor<37x65xf32>
}
