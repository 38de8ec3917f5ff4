// torch.onnx.export (opset 17) of a small PyTorch model, imported by torch-mlir's
// ONNX importer (torch-onnx-to-torch-backend, torch-backend-to-linalg-on-tensors).
#map = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d0)>
#map4 = affine_map<(d0, d1) -> (d0, 0)>
module {
  func.func @main_graph(%arg0: tensor<2x3x8x16xf32>, %arg1: tensor<16x12xf32>) -> tensor<2x288xf32> {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %0 = tensor.empty() : tensor<2x3x16x12xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg1 : tensor<16x12xf32>) outs(%0 : tensor<2x3x16x12xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x3x16x12xf32>
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2], [3]] : tensor<2x3x8x16xf32> into tensor<6x8x16xf32>
    %collapsed_1 = tensor.collapse_shape %1 [[0, 1], [2], [3]] : tensor<2x3x16x12xf32> into tensor<6x16x12xf32>
    %2 = tensor.empty() : tensor<6x8x12xf32>
    %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<6x8x12xf32>) -> tensor<6x8x12xf32>
    %4 = linalg.batch_matmul ins(%collapsed, %collapsed_1 : tensor<6x8x16xf32>, tensor<6x16x12xf32>) outs(%3 : tensor<6x8x12xf32>) -> tensor<6x8x12xf32>
    %expanded = tensor.expand_shape %4 [[0, 1], [2], [3]] output_shape [2, 3, 8, 12] : tensor<6x8x12xf32> into tensor<2x3x8x12xf32>
    %collapsed_2 = tensor.collapse_shape %expanded [[0], [1, 2, 3]] : tensor<2x3x8x12xf32> into tensor<2x288xf32>
    %5 = tensor.empty() : tensor<2xi64>
    %6 = linalg.fill ins(%c0_i64 : i64) outs(%5 : tensor<2xi64>) -> tensor<2xi64>
    %7 = tensor.empty() : tensor<2xf32>
    %8 = linalg.fill ins(%cst_0 : f32) outs(%7 : tensor<2xf32>) -> tensor<2xf32>
    %9:2 = linalg.generic {indexing_maps = [#map2, #map3, #map3], iterator_types = ["parallel", "reduction"]} ins(%collapsed_2 : tensor<2x288xf32>) outs(%8, %6 : tensor<2xf32>, tensor<2xi64>) {
    ^bb0(%in: f32, %out: f32, %out_4: i64):
      %17 = linalg.index 1 : index
      %18 = arith.index_cast %17 : index to i64
      %19 = arith.maximumf %in, %out : f32
      %20 = arith.cmpf ogt, %in, %out : f32
      %21 = arith.select %20, %18, %out_4 : i64
      linalg.yield %19, %21 : f32, i64
    } -> (tensor<2xf32>, tensor<2xi64>)
    %expanded_3 = tensor.expand_shape %9#0 [[0, 1]] output_shape [2, 1] : tensor<2xf32> into tensor<2x1xf32>
    %10 = tensor.empty() : tensor<2x288xf32>
    %11 = linalg.generic {indexing_maps = [#map2, #map4, #map2], iterator_types = ["parallel", "parallel"]} ins(%collapsed_2, %expanded_3 : tensor<2x288xf32>, tensor<2x1xf32>) outs(%10 : tensor<2x288xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %17 = arith.subf %in, %in_4 : f32
      linalg.yield %17 : f32
    } -> tensor<2x288xf32>
    %12 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%11 : tensor<2x288xf32>) outs(%10 : tensor<2x288xf32>) {
    ^bb0(%in: f32, %out: f32):
      %17 = math.exp %in : f32
      linalg.yield %17 : f32
    } -> tensor<2x288xf32>
    %13 = tensor.empty() : tensor<2x1xf32>
    %14 = linalg.fill ins(%cst : f32) outs(%13 : tensor<2x1xf32>) -> tensor<2x1xf32>
    %15 = linalg.generic {indexing_maps = [#map2, #map4], iterator_types = ["parallel", "reduction"]} ins(%12 : tensor<2x288xf32>) outs(%14 : tensor<2x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %17 = arith.addf %in, %out : f32
      linalg.yield %17 : f32
    } -> tensor<2x1xf32>
    %16 = linalg.generic {indexing_maps = [#map2, #map4, #map2], iterator_types = ["parallel", "parallel"]} ins(%12, %15 : tensor<2x288xf32>, tensor<2x1xf32>) outs(%10 : tensor<2x288xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %17 = arith.divf %in, %in_4 : f32
      linalg.yield %17 : f32
    } -> tensor<2x288xf32>
    return %16 : tensor<2x288xf32>
  }
}

