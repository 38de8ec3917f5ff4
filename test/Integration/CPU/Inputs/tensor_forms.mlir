// Ops on whole tensors some converters emit (arith/select on tensors, concat,
// broadcast, map, reshapes, a strided slice) around a matmul.
func.func @f(%a: tensor<4x6xf32>, %b: tensor<4x6xf32>, %c: tensor<6xf32>, %w: tensor<24x8xf32>) -> (tensor<8x6xf32>, tensor<1x8xf32>, tensor<4x6xf32>) {
  %s = arith.addf %a, %b : tensor<4x6xf32>
  %cat = tensor.concat dim(0) %s, %a : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<8x6xf32>
  %e = tensor.empty() : tensor<4x6xf32>
  %bc = linalg.broadcast ins(%c : tensor<6xf32>) outs(%e : tensor<4x6xf32>) dimensions = [0]
  %e2 = tensor.empty() : tensor<4x6xf32>
  %m = linalg.map { math.exp } ins(%bc : tensor<4x6xf32>) outs(%e2 : tensor<4x6xf32>)
  %flat = tensor.collapse_shape %m [[0, 1]] : tensor<4x6xf32> into tensor<24xf32>
  %row = tensor.expand_shape %flat [[0, 1]] output_shape [1, 24] : tensor<24xf32> into tensor<1x24xf32>
  %z = arith.constant 0.0 : f32
  %e3 = tensor.empty() : tensor<1x8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e3 : tensor<1x8xf32>) -> tensor<1x8xf32>
  %mm = linalg.matmul ins(%row, %w : tensor<1x24xf32>, tensor<24x8xf32>) outs(%f : tensor<1x8xf32>) -> tensor<1x8xf32>
  %sl = tensor.extract_slice %cat[0, 0] [4, 6] [2, 1] : tensor<8x6xf32> to tensor<4x6xf32>
  %sel0 = arith.cmpf ogt, %sl, %b : tensor<4x6xf32>
  %sel = arith.select %sel0, %sl, %b : tensor<4x6xi1>, tensor<4x6xf32>
  return %cat, %mm, %sel : tensor<8x6xf32>, tensor<1x8xf32>, tensor<4x6xf32>
}
