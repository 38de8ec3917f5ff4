#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @"torch-jit-export"(%arg0: tensor<2x3x8x8xf32>) -> tensor<2x3x15x11xf32> {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<2x3x15x11xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x3x15x11xf32>) -> tensor<2x3x15x11xf32>
    %extracted_slice = tensor.extract_slice %arg0[0, 0, 1, 1] [2, 3, 3, 1] [1, 1, 1, 1] : tensor<2x3x8x8xf32> to tensor<2x3x3x1xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice : tensor<2x3x3x1xf32>) outs(%extracted_slice : tensor<2x3x3x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = linalg.index 0 : index
      %12 = linalg.index 1 : index
      %13 = linalg.index 2 : index
      %14 = arith.subi %c2, %13 : index
      %extracted = tensor.extract %extracted_slice[%11, %12, %14, %c0] : tensor<2x3x3x1xf32>
      linalg.yield %extracted : f32
    } -> tensor<2x3x3x1xf32>
    %inserted_slice = tensor.insert_slice %2 into %1[0, 0, 0, 0] [2, 3, 3, 1] [1, 1, 1, 1] : tensor<2x3x3x1xf32> into tensor<2x3x15x11xf32>
    %extracted_slice_0 = tensor.extract_slice %arg0[0, 0, 1, 5] [2, 3, 3, 2] [1, 1, 1, 1] : tensor<2x3x8x8xf32> to tensor<2x3x3x2xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_0 : tensor<2x3x3x2xf32>) outs(%extracted_slice_0 : tensor<2x3x3x2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = linalg.index 0 : index
      %12 = linalg.index 1 : index
      %13 = linalg.index 2 : index
      %14 = linalg.index 3 : index
      %15 = arith.subi %c1, %14 : index
      %16 = arith.subi %c2, %13 : index
      %extracted = tensor.extract %extracted_slice_0[%11, %12, %16, %15] : tensor<2x3x3x2xf32>
      linalg.yield %extracted : f32
    } -> tensor<2x3x3x2xf32>
    %inserted_slice_1 = tensor.insert_slice %3 into %inserted_slice[0, 0, 0, 9] [2, 3, 3, 2] [1, 1, 1, 1] : tensor<2x3x3x2xf32> into tensor<2x3x15x11xf32>
    %extracted_slice_2 = tensor.extract_slice %arg0[0, 0, 1, 0] [2, 3, 3, 8] [1, 1, 1, 1] : tensor<2x3x8x8xf32> to tensor<2x3x3x8xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_2 : tensor<2x3x3x8xf32>) outs(%extracted_slice_2 : tensor<2x3x3x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = linalg.index 0 : index
      %12 = linalg.index 1 : index
      %13 = linalg.index 2 : index
      %14 = linalg.index 3 : index
      %15 = arith.subi %c2, %13 : index
      %extracted = tensor.extract %extracted_slice_2[%11, %12, %15, %14] : tensor<2x3x3x8xf32>
      linalg.yield %extracted : f32
    } -> tensor<2x3x3x8xf32>
    %inserted_slice_3 = tensor.insert_slice %4 into %inserted_slice_1[0, 0, 0, 1] [2, 3, 3, 8] [1, 1, 1, 1] : tensor<2x3x3x8xf32> into tensor<2x3x15x11xf32>
    %extracted_slice_4 = tensor.extract_slice %arg0[0, 0, 3, 1] [2, 3, 4, 1] [1, 1, 1, 1] : tensor<2x3x8x8xf32> to tensor<2x3x4x1xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_4 : tensor<2x3x4x1xf32>) outs(%extracted_slice_4 : tensor<2x3x4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = linalg.index 0 : index
      %12 = linalg.index 1 : index
      %13 = linalg.index 2 : index
      %14 = arith.subi %c3, %13 : index
      %extracted = tensor.extract %extracted_slice_4[%11, %12, %14, %c0] : tensor<2x3x4x1xf32>
      linalg.yield %extracted : f32
    } -> tensor<2x3x4x1xf32>
    %inserted_slice_5 = tensor.insert_slice %5 into %inserted_slice_3[0, 0, 11, 0] [2, 3, 4, 1] [1, 1, 1, 1] : tensor<2x3x4x1xf32> into tensor<2x3x15x11xf32>
    %extracted_slice_6 = tensor.extract_slice %arg0[0, 0, 3, 5] [2, 3, 4, 2] [1, 1, 1, 1] : tensor<2x3x8x8xf32> to tensor<2x3x4x2xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_6 : tensor<2x3x4x2xf32>) outs(%extracted_slice_6 : tensor<2x3x4x2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = linalg.index 0 : index
      %12 = linalg.index 1 : index
      %13 = linalg.index 2 : index
      %14 = linalg.index 3 : index
      %15 = arith.subi %c1, %14 : index
      %16 = arith.subi %c3, %13 : index
      %extracted = tensor.extract %extracted_slice_6[%11, %12, %16, %15] : tensor<2x3x4x2xf32>
      linalg.yield %extracted : f32
    } -> tensor<2x3x4x2xf32>
    %inserted_slice_7 = tensor.insert_slice %6 into %inserted_slice_5[0, 0, 11, 9] [2, 3, 4, 2] [1, 1, 1, 1] : tensor<2x3x4x2xf32> into tensor<2x3x15x11xf32>
    %extracted_slice_8 = tensor.extract_slice %arg0[0, 0, 3, 0] [2, 3, 4, 8] [1, 1, 1, 1] : tensor<2x3x8x8xf32> to tensor<2x3x4x8xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_8 : tensor<2x3x4x8xf32>) outs(%extracted_slice_8 : tensor<2x3x4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = linalg.index 0 : index
      %12 = linalg.index 1 : index
      %13 = linalg.index 2 : index
      %14 = linalg.index 3 : index
      %15 = arith.subi %c3, %13 : index
      %extracted = tensor.extract %extracted_slice_8[%11, %12, %15, %14] : tensor<2x3x4x8xf32>
      linalg.yield %extracted : f32
    } -> tensor<2x3x4x8xf32>
    %inserted_slice_9 = tensor.insert_slice %7 into %inserted_slice_7[0, 0, 11, 1] [2, 3, 4, 8] [1, 1, 1, 1] : tensor<2x3x4x8xf32> into tensor<2x3x15x11xf32>
    %extracted_slice_10 = tensor.extract_slice %arg0[0, 0, 0, 1] [2, 3, 8, 1] [1, 1, 1, 1] : tensor<2x3x8x8xf32> to tensor<2x3x8x1xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_10 : tensor<2x3x8x1xf32>) outs(%extracted_slice_10 : tensor<2x3x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = linalg.index 0 : index
      %12 = linalg.index 1 : index
      %13 = linalg.index 2 : index
      %extracted = tensor.extract %extracted_slice_10[%11, %12, %13, %c0] : tensor<2x3x8x1xf32>
      linalg.yield %extracted : f32
    } -> tensor<2x3x8x1xf32>
    %inserted_slice_11 = tensor.insert_slice %8 into %inserted_slice_9[0, 0, 3, 0] [2, 3, 8, 1] [1, 1, 1, 1] : tensor<2x3x8x1xf32> into tensor<2x3x15x11xf32>
    %extracted_slice_12 = tensor.extract_slice %arg0[0, 0, 0, 5] [2, 3, 8, 2] [1, 1, 1, 1] : tensor<2x3x8x8xf32> to tensor<2x3x8x2xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_12 : tensor<2x3x8x2xf32>) outs(%extracted_slice_12 : tensor<2x3x8x2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = linalg.index 0 : index
      %12 = linalg.index 1 : index
      %13 = linalg.index 2 : index
      %14 = linalg.index 3 : index
      %15 = arith.subi %c1, %14 : index
      %extracted = tensor.extract %extracted_slice_12[%11, %12, %13, %15] : tensor<2x3x8x2xf32>
      linalg.yield %extracted : f32
    } -> tensor<2x3x8x2xf32>
    %inserted_slice_13 = tensor.insert_slice %9 into %inserted_slice_11[0, 0, 3, 9] [2, 3, 8, 2] [1, 1, 1, 1] : tensor<2x3x8x2xf32> into tensor<2x3x15x11xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x3x8x8xf32>) outs(%arg0 : tensor<2x3x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = linalg.index 0 : index
      %12 = linalg.index 1 : index
      %13 = linalg.index 2 : index
      %14 = linalg.index 3 : index
      %extracted = tensor.extract %arg0[%11, %12, %13, %14] : tensor<2x3x8x8xf32>
      linalg.yield %extracted : f32
    } -> tensor<2x3x8x8xf32>
    %inserted_slice_14 = tensor.insert_slice %10 into %inserted_slice_13[0, 0, 3, 1] [2, 3, 8, 8] [1, 1, 1, 1] : tensor<2x3x8x8xf32> into tensor<2x3x15x11xf32>
    return %inserted_slice_14 : tensor<2x3x15x11xf32>
  }
}
