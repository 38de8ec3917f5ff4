// tensor.splat of a scalar argument: a linalg.fill after preparation.
func.func @f(%x: f32) -> tensor<64xf32> {
  %s = tensor.splat %x : tensor<64xf32>
  return %s : tensor<64xf32>
}
