// ResNet-50's classifier: 1x2048 by 2048x1000 plus bias.
func.func @resnet50_classifier(%x: tensor<1x2048xf32>, %w: tensor<2048x1000xf32>, %bias: tensor<1000xf32>) -> tensor<1x1000xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1000xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1000xf32>) -> tensor<1x1000xf32>
  %m = linalg.matmul ins(%x, %w : tensor<1x2048xf32>, tensor<2048x1000xf32>) outs(%f : tensor<1x1000xf32>) -> tensor<1x1000xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
       ins(%m, %bias : tensor<1x1000xf32>, tensor<1000xf32>) outs(%e : tensor<1x1000xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x1000xf32>
  return %r : tensor<1x1000xf32>
}
