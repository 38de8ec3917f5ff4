// linalg.broadcast of a matrix along a new middle dimension
func.func @main(%a0: tensor<9x17xf32>) -> tensor<9x40x17xf32> {
  %e0 = tensor.empty() : tensor<9x40x17xf32>
  %r = linalg.broadcast ins(%a0 : tensor<9x17xf32>) outs(%e0 : tensor<9x40x17xf32>) dimensions = [1]
  return %r : tensor<9x40x17xf32>
}
