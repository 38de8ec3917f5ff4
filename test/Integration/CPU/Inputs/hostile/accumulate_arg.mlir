// A row sum accumulated into an argument (no fill).
// A row sum accumulated into an argument (no fill): init read from the input.
func.func @main(%a: tensor<37x65xf32>, %acc: tensor<37xf32>) -> tensor<37xf32> {
  %r = linalg.reduce ins(%a : tensor<37x65xf32>) outs(%acc : tensor<37xf32>) dimensions = [1]
    (%x: f32, %o: f32) { %s = arith.addf %x, %o : f32
      linalg.yield %s : f32 }
  return %r : tensor<37xf32>
}
