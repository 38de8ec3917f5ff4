// tensor.generate: a linalg.generic after preparation.
func.func @f() -> tensor<64xf32> {
  %t = tensor.generate {
  ^bb0(%i: index):
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    tensor.yield %f : f32
  } : tensor<64xf32>
  return %t : tensor<64xf32>
}
