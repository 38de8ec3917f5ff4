// linalg.reduce of the middle dimension (max)
func.func @main(%a0: tensor<9x130x17xf32>) -> tensor<9x17xf32> {
  %c0 = arith.constant 0xFF800000 : f32
  %e0 = tensor.empty() : tensor<9x17xf32>
  %f0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<9x17xf32>) -> tensor<9x17xf32>
  %r = linalg.reduce ins(%a0 : tensor<9x130x17xf32>) outs(%f0 : tensor<9x17xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %m = arith.maximumf %x, %acc : f32
      linalg.yield %m : f32
    }
  return %r : tensor<9x17xf32>
}
