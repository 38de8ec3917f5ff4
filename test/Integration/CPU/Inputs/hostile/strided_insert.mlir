// A strided extract_slice read and a strided insert_slice written into the
// same tensor: bufferization copies the strided read (a conflict), and on a
// GPU that copy is a copy kernel (it was a host loop over managed memory).
func.func @main(%a: tensor<20x30xf32>) -> tensor<20x30xf32> {
  %s = tensor.extract_slice %a[1, 2] [6, 9] [3, 3] : tensor<20x30xf32> to tensor<6x9xf32>
  %e = tensor.empty() : tensor<6x9xf32>
  %n = linalg.negf ins(%s : tensor<6x9xf32>) outs(%e : tensor<6x9xf32>) -> tensor<6x9xf32>
  %r = tensor.insert_slice %n into %a[0, 0] [6, 9] [2, 3] : tensor<6x9xf32> into tensor<20x30xf32>
  return %r : tensor<20x30xf32>
}
