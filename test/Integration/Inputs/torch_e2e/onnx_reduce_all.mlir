#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
module {
  func.func @main_graph(%arg0: tensor<2x3xf32>) -> tensor<2x1xi1> {
    %cst = arith.constant 0.000000e+00 : f32
    %c0_i64 = arith.constant 0 : i64
    %c9223372036854775807_i64 = arith.constant 9223372036854775807 : i64
    %0 = tensor.empty() : tensor<2x3xi1>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<2x3xf32>) outs(%0 : tensor<2x3xi1>) {
    ^bb0(%in: f32, %out: i1):
      %10 = arith.cmpf une, %in, %cst : f32
      linalg.yield %10 : i1
    } -> tensor<2x3xi1>
    %2 = tensor.empty() : tensor<2x3xi64>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<2x3xi1>) outs(%2 : tensor<2x3xi64>) {
    ^bb0(%in: i1, %out: i64):
      %10 = arith.extui %in : i1 to i64
      linalg.yield %10 : i64
    } -> tensor<2x3xi64>
    %4 = tensor.empty() : tensor<2xi64>
    %5 = linalg.fill ins(%c0_i64 : i64) outs(%4 : tensor<2xi64>) -> tensor<2xi64>
    %6 = linalg.fill ins(%c9223372036854775807_i64 : i64) outs(%4 : tensor<2xi64>) -> tensor<2xi64>
    %7:2 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "reduction"]} ins(%3 : tensor<2x3xi64>) outs(%6, %5 : tensor<2xi64>, tensor<2xi64>) {
    ^bb0(%in: i64, %out: i64, %out_0: i64):
      %10 = linalg.index 1 : index
      %11 = arith.index_cast %10 : index to i64
      %12 = arith.minsi %in, %out : i64
      %13 = arith.cmpi slt, %in, %out : i64
      %14 = arith.select %13, %11, %out_0 : i64
      linalg.yield %12, %14 : i64, i64
    } -> (tensor<2xi64>, tensor<2xi64>)
    %expanded = tensor.expand_shape %7#0 [[0, 1]] output_shape [2, 1] : tensor<2xi64> into tensor<2x1xi64>
    %8 = tensor.empty() : tensor<2x1xi1>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%expanded : tensor<2x1xi64>) outs(%8 : tensor<2x1xi1>) {
    ^bb0(%in: i64, %out: i1):
      %10 = arith.cmpi ne, %in, %c0_i64 : i64
      linalg.yield %10 : i1
    } -> tensor<2x1xi1>
    return %9 : tensor<2x1xi1>
  }
}
