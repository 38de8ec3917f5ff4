// linalg.map with a region of two ops
func.func @main(%a0: tensor<37x65xf32>, %a1: tensor<37x65xf32>) -> tensor<37x65xf32> {
  %e0 = tensor.empty() : tensor<37x65xf32>
  %r = linalg.map ins(%a0, %a1 : tensor<37x65xf32>, tensor<37x65xf32>) outs(%e0 : tensor<37x65xf32>)
    (%x: f32, %y: f32, %o: f32) {
      %m = arith.mulf %x, %y : f32
      %s = arith.addf %m, %x : f32
      linalg.yield %s : f32
    }
  return %r : tensor<37x65xf32>
}
