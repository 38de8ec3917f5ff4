#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @main_graph(%arg0: tensor<1x20x20xf32>) -> tensor<1x40x40xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %c9 = arith.constant 9 : index
    %c0 = arith.constant 0 : index
    %0 = tensor.empty() : tensor<1x40x40xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x40x40xf32>) -> tensor<1x40x40xf32>
    %extracted_slice = tensor.extract_slice %arg0[0, 1, 1] [1, 10, 10] [1, 1, 1] : tensor<1x20x20xf32> to tensor<1x10x10xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice : tensor<1x10x10xf32>) outs(%extracted_slice : tensor<1x10x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = linalg.index 1 : index
      %12 = linalg.index 2 : index
      %13 = arith.subi %c9, %12 : index
      %14 = arith.subi %c9, %11 : index
      %extracted = tensor.extract %extracted_slice[%c0, %14, %13] : tensor<1x10x10xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x10x10xf32>
    %inserted_slice = tensor.insert_slice %2 into %1[0, 0, 0] [1, 10, 10] [1, 1, 1] : tensor<1x10x10xf32> into tensor<1x40x40xf32>
    %extracted_slice_0 = tensor.extract_slice %arg0[0, 1, 9] [1, 10, 10] [1, 1, 1] : tensor<1x20x20xf32> to tensor<1x10x10xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_0 : tensor<1x10x10xf32>) outs(%extracted_slice_0 : tensor<1x10x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = linalg.index 1 : index
      %12 = linalg.index 2 : index
      %13 = arith.subi %c9, %12 : index
      %14 = arith.subi %c9, %11 : index
      %extracted = tensor.extract %extracted_slice_0[%c0, %14, %13] : tensor<1x10x10xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x10x10xf32>
    %inserted_slice_1 = tensor.insert_slice %3 into %inserted_slice[0, 0, 30] [1, 10, 10] [1, 1, 1] : tensor<1x10x10xf32> into tensor<1x40x40xf32>
    %extracted_slice_2 = tensor.extract_slice %arg0[0, 1, 0] [1, 10, 20] [1, 1, 1] : tensor<1x20x20xf32> to tensor<1x10x20xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_2 : tensor<1x10x20xf32>) outs(%extracted_slice_2 : tensor<1x10x20xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = linalg.index 1 : index
      %12 = linalg.index 2 : index
      %13 = arith.subi %c9, %11 : index
      %extracted = tensor.extract %extracted_slice_2[%c0, %13, %12] : tensor<1x10x20xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x10x20xf32>
    %inserted_slice_3 = tensor.insert_slice %4 into %inserted_slice_1[0, 0, 10] [1, 10, 20] [1, 1, 1] : tensor<1x10x20xf32> into tensor<1x40x40xf32>
    %extracted_slice_4 = tensor.extract_slice %arg0[0, 9, 1] [1, 10, 10] [1, 1, 1] : tensor<1x20x20xf32> to tensor<1x10x10xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_4 : tensor<1x10x10xf32>) outs(%extracted_slice_4 : tensor<1x10x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = linalg.index 1 : index
      %12 = linalg.index 2 : index
      %13 = arith.subi %c9, %12 : index
      %14 = arith.subi %c9, %11 : index
      %extracted = tensor.extract %extracted_slice_4[%c0, %14, %13] : tensor<1x10x10xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x10x10xf32>
    %inserted_slice_5 = tensor.insert_slice %5 into %inserted_slice_3[0, 30, 0] [1, 10, 10] [1, 1, 1] : tensor<1x10x10xf32> into tensor<1x40x40xf32>
    %extracted_slice_6 = tensor.extract_slice %arg0[0, 9, 9] [1, 10, 10] [1, 1, 1] : tensor<1x20x20xf32> to tensor<1x10x10xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_6 : tensor<1x10x10xf32>) outs(%extracted_slice_6 : tensor<1x10x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = linalg.index 1 : index
      %12 = linalg.index 2 : index
      %13 = arith.subi %c9, %12 : index
      %14 = arith.subi %c9, %11 : index
      %extracted = tensor.extract %extracted_slice_6[%c0, %14, %13] : tensor<1x10x10xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x10x10xf32>
    %inserted_slice_7 = tensor.insert_slice %6 into %inserted_slice_5[0, 30, 30] [1, 10, 10] [1, 1, 1] : tensor<1x10x10xf32> into tensor<1x40x40xf32>
    %extracted_slice_8 = tensor.extract_slice %arg0[0, 9, 0] [1, 10, 20] [1, 1, 1] : tensor<1x20x20xf32> to tensor<1x10x20xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_8 : tensor<1x10x20xf32>) outs(%extracted_slice_8 : tensor<1x10x20xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = linalg.index 1 : index
      %12 = linalg.index 2 : index
      %13 = arith.subi %c9, %11 : index
      %extracted = tensor.extract %extracted_slice_8[%c0, %13, %12] : tensor<1x10x20xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x10x20xf32>
    %inserted_slice_9 = tensor.insert_slice %7 into %inserted_slice_7[0, 30, 10] [1, 10, 20] [1, 1, 1] : tensor<1x10x20xf32> into tensor<1x40x40xf32>
    %extracted_slice_10 = tensor.extract_slice %arg0[0, 0, 1] [1, 20, 10] [1, 1, 1] : tensor<1x20x20xf32> to tensor<1x20x10xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_10 : tensor<1x20x10xf32>) outs(%extracted_slice_10 : tensor<1x20x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = linalg.index 1 : index
      %12 = linalg.index 2 : index
      %13 = arith.subi %c9, %12 : index
      %extracted = tensor.extract %extracted_slice_10[%c0, %11, %13] : tensor<1x20x10xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x20x10xf32>
    %inserted_slice_11 = tensor.insert_slice %8 into %inserted_slice_9[0, 10, 0] [1, 20, 10] [1, 1, 1] : tensor<1x20x10xf32> into tensor<1x40x40xf32>
    %extracted_slice_12 = tensor.extract_slice %arg0[0, 0, 9] [1, 20, 10] [1, 1, 1] : tensor<1x20x20xf32> to tensor<1x20x10xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice_12 : tensor<1x20x10xf32>) outs(%extracted_slice_12 : tensor<1x20x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = linalg.index 1 : index
      %12 = linalg.index 2 : index
      %13 = arith.subi %c9, %12 : index
      %extracted = tensor.extract %extracted_slice_12[%c0, %11, %13] : tensor<1x20x10xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x20x10xf32>
    %inserted_slice_13 = tensor.insert_slice %9 into %inserted_slice_11[0, 10, 30] [1, 20, 10] [1, 1, 1] : tensor<1x20x10xf32> into tensor<1x40x40xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x20x20xf32>) outs(%arg0 : tensor<1x20x20xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = linalg.index 1 : index
      %12 = linalg.index 2 : index
      %extracted = tensor.extract %arg0[%c0, %11, %12] : tensor<1x20x20xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x20x20xf32>
    %inserted_slice_14 = tensor.insert_slice %10 into %inserted_slice_13[0, 10, 10] [1, 20, 20] [1, 1, 1] : tensor<1x20x20xf32> into tensor<1x40x40xf32>
    return %inserted_slice_14 : tensor<1x40x40xf32>
  }
}
