// linalg.transpose of a 3-D tensor
func.func @main(%a0: tensor<9x130x17xf32>) -> tensor<17x9x130xf32> {
  %e0 = tensor.empty() : tensor<17x9x130xf32>
  %r = linalg.transpose ins(%a0 : tensor<9x130x17xf32>) outs(%e0 : tensor<17x9x130xf32>) permutation = [2, 0, 1]
  return %r : tensor<17x9x130xf32>
}
