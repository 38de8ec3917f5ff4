// torch-mlir's form of a linear layer (bias, tanh) on a dynamic batch and sequence
// length: tuner-specialize-shapes gives them sizes before tuning.
func.func @layer(%x: tensor<?x?x768xf32>, %w: tensor<768x3072xf32>, %b: tensor<3072xf32>) -> tensor<?x?x3072xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %d0 = tensor.dim %x, %c0 : tensor<?x?x768xf32>
  %d1 = tensor.dim %x, %c1 : tensor<?x?x768xf32>
  %flat = tensor.collapse_shape %x [[0, 1], [2]] : tensor<?x?x768xf32> into tensor<?x768xf32>
  %n = arith.muli %d0, %d1 : index
  %e = tensor.empty(%n) : tensor<?x3072xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x3072xf32>) -> tensor<?x3072xf32>
  %m = linalg.matmul ins(%flat, %w : tensor<?x768xf32>, tensor<768x3072xf32>) outs(%f : tensor<?x3072xf32>) -> tensor<?x3072xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%m, %b : tensor<?x3072xf32>, tensor<3072xf32>) outs(%e : tensor<?x3072xf32>) {
  ^bb0(%a: f32, %bb: f32, %o: f32):
    %s = arith.addf %a, %bb : f32
    %t = math.tanh %s : f32
    linalg.yield %t : f32
  } -> tensor<?x3072xf32>
  %r = tensor.expand_shape %g [[0, 1], [2]] output_shape [%d0, %d1, 3072] : tensor<?x3072xf32> into tensor<?x?x3072xf32>
  return %r : tensor<?x?x3072xf32>
}
