func.func @bools(%a: tensor<8x8xi1>, %x: tensor<8x8xf32>) -> (tensor<8x8xi1>, tensor<8x8xf32>) {
  %e1 = tensor.empty() : tensor<8x8xi1>
  %r1 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<8x8xi1>) outs(%e1 : tensor<8x8xi1>) {
  ^bb0(%v: i1, %o: i1):
    %t = arith.constant true
    %y = arith.xori %v, %t : i1
    linalg.yield %y : i1
  } -> tensor<8x8xi1>
  %e2 = tensor.empty() : tensor<8x8xf32>
  %zero = arith.constant 0.0 : f32
  %r2 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a, %x : tensor<8x8xi1>, tensor<8x8xf32>) outs(%e2 : tensor<8x8xf32>) {
  ^bb0(%m: i1, %v: f32, %o: f32):
    %y = arith.select %m, %v, %zero : f32
    linalg.yield %y : f32
  } -> tensor<8x8xf32>
  return %r1, %r2 : tensor<8x8xi1>, tensor<8x8xf32>
}
