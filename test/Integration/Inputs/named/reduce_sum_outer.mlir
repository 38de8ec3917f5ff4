// linalg.reduce of two dimensions (sum)
func.func @main(%a0: tensor<9x130x17xf32>) -> tensor<130xf32> {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<130xf32>
  %f0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<130xf32>) -> tensor<130xf32>
  %r = linalg.reduce ins(%a0 : tensor<9x130x17xf32>) outs(%f0 : tensor<130xf32>) dimensions = [0, 2]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<130xf32>
}
