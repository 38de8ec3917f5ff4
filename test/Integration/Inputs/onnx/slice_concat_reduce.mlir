// torch.onnx.export (opset 17) of a small PyTorch model, imported by torch-mlir's
// ONNX importer (torch-onnx-to-torch-backend, torch-backend-to-linalg-on-tensors).
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, 0, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
module {
  func.func @main_graph(%arg0: tensor<2x8x10xf32>) -> tensor<2x8x8xf32> {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 8.000000e+00 : f32
    %extracted_slice = tensor.extract_slice %arg0[0, 0, 0] [2, 4, 10] [1, 1, 1] : tensor<2x8x10xf32> to tensor<2x4x10xf32>
    %extracted_slice_2 = tensor.extract_slice %extracted_slice[0, 0, 1] [2, 4, 8] [1, 1, 1] : tensor<2x4x10xf32> to tensor<2x4x8xf32>
    %extracted_slice_3 = tensor.extract_slice %arg0[0, 4, 0] [2, 4, 10] [1, 1, 1] : tensor<2x8x10xf32> to tensor<2x4x10xf32>
    %extracted_slice_4 = tensor.extract_slice %extracted_slice_3[0, 0, 2] [2, 4, 8] [1, 1, 1] : tensor<2x4x10xf32> to tensor<2x4x8xf32>
    %concat = tensor.concat dim(1) %extracted_slice_2, %extracted_slice_4 : (tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<2x8x8xf32>
    %0 = tensor.empty() : tensor<2x1x8xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x1x8xf32>) -> tensor<2x1x8xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction", "parallel"]} ins(%concat : tensor<2x8x8xf32>) outs(%1 : tensor<2x1x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = arith.addf %in, %out : f32
      linalg.yield %13 : f32
    } -> tensor<2x1x8xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%2 : tensor<2x1x8xf32>) outs(%0 : tensor<2x1x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = arith.divf %in, %cst_1 : f32
      linalg.yield %13 : f32
    } -> tensor<2x1x8xf32>
    %4 = tensor.empty() : tensor<2x8xi64>
    %5 = linalg.fill ins(%c0_i64 : i64) outs(%4 : tensor<2x8xi64>) -> tensor<2x8xi64>
    %6 = tensor.empty() : tensor<2x8xf32>
    %7 = linalg.fill ins(%cst_0 : f32) outs(%6 : tensor<2x8xf32>) -> tensor<2x8xf32>
    %8:2 = linalg.generic {indexing_maps = [#map, #map2, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%concat : tensor<2x8x8xf32>) outs(%7, %5 : tensor<2x8xf32>, tensor<2x8xi64>) {
    ^bb0(%in: f32, %out: f32, %out_7: i64):
      %13 = linalg.index 2 : index
      %14 = arith.index_cast %13 : index to i64
      %15 = arith.maximumf %in, %out : f32
      %16 = arith.cmpf ogt, %in, %out : f32
      %17 = arith.select %16, %14, %out_7 : i64
      linalg.yield %15, %17 : f32, i64
    } -> (tensor<2x8xf32>, tensor<2x8xi64>)
    %expanded = tensor.expand_shape %8#0 [[0], [1, 2]] output_shape [2, 8, 1] : tensor<2x8xf32> into tensor<2x8x1xf32>
    %9 = tensor.empty() : tensor<2x8x8xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map3, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3, %expanded : tensor<2x1x8xf32>, tensor<2x8x1xf32>) outs(%9 : tensor<2x8x8xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %13 = arith.subf %in, %in_7 : f32
      linalg.yield %13 : f32
    } -> tensor<2x8x8xf32>
    %extracted_slice_5 = tensor.extract_slice %arg0[0, 0, 0] [2, 8, 1] [1, 1, 1] : tensor<2x8x10xf32> to tensor<2x8x1xf32>
    %collapsed = tensor.collapse_shape %extracted_slice_5 [[0], [1, 2]] : tensor<2x8x1xf32> into tensor<2x8xf32>
    %11 = linalg.generic {indexing_maps = [#map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed : tensor<2x8xf32>) outs(%9 : tensor<2x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x8x8xf32>
    %extracted_slice_6 = tensor.extract_slice %11[0, 0, 0] [2, 1, 8] [1, 1, 1] : tensor<2x8x8xf32> to tensor<2x1x8xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%10, %extracted_slice_6 : tensor<2x8x8xf32>, tensor<2x1x8xf32>) outs(%9 : tensor<2x8x8xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %13 = arith.addf %in, %in_7 : f32
      linalg.yield %13 : f32
    } -> tensor<2x8x8xf32>
    return %12 : tensor<2x8x8xf32>
  }
}

