// bench/model_zoo.py --onnx's max_argsort_topk (torch.max with indices,
// topk, argsort): torch.onnx.export (opset 17), iree-import-onnx, iree-compile
// --compile-to=input (IREE 3.13): ArgMax as iree_linalg_ext.arg_compare, the
// sorts as iree_linalg_ext.sort.
module {
  func.func public @main_graph(%arg0: tensor<3x17xf32>) -> (tensor<3xf32>, tensor<3xi64>, tensor<3x17xi64>, tensor<3x5xf32>, tensor<3x5xi64>) {
    %c0_i32 = arith.constant 0 : i32
    %cst = arith.constant 0xFF800000 : f32
    %c0_i64 = arith.constant 0 : i64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<3xi64>
    %1 = linalg.fill ins(%c0_i64 : i64) outs(%0 : tensor<3xi64>) -> tensor<3xi64>
    %2 = tensor.empty() : tensor<3xf32>
    %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<3xf32>) -> tensor<3xf32>
    %4:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<3x17xf32>) outs(%3, %1 : tensor<3xf32>, tensor<3xi64>) {
    ^bb0(%in: f32, %out: f32, %out_2: i64):
      %20 = linalg.index 1 : index
      %21 = arith.index_cast %20 : index to i64
      %22 = arith.maximumf %in, %out : f32
      %23 = arith.cmpf ogt, %in, %out : f32
      %24 = arith.select %23, %21, %out_2 : i64
      linalg.yield %22, %24 : f32, i64
    } -> (tensor<3xf32>, tensor<3xi64>)
    %5 = tensor.empty() : tensor<3xi32>
    %6 = linalg.fill ins(%c0_i32 : i32) outs(%5 : tensor<3xi32>) -> tensor<3xi32>
    %7:2 = iree_linalg_ext.arg_compare dimension(1) ins(%arg0 : tensor<3x17xf32>) outs(%3, %6 : tensor<3xf32>, tensor<3xi32>) {
    ^bb0(%arg1: f32, %arg2: f32):
      %20 = arith.cmpf ogt, %arg1, %arg2 : f32
      iree_linalg_ext.yield %20 : i1
    } -> tensor<3xf32>, tensor<3xi32>
    %8 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%7#1 : tensor<3xi32>) outs(%0 : tensor<3xi64>) {
    ^bb0(%in: i32, %out: i64):
      %20 = arith.extsi %in : i32 to i64
      linalg.yield %20 : i64
    } -> tensor<3xi64>
    %9 = tensor.empty() : tensor<3x17xi64>
    %10 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%9 : tensor<3x17xi64>) {
    ^bb0(%out: i64):
      %20 = linalg.index 1 : index
      %21 = arith.index_cast %20 : index to i64
      linalg.yield %21 : i64
    } -> tensor<3x17xi64>
    %11:2 = iree_linalg_ext.sort dimension(1) outs(%arg0, %10 : tensor<3x17xf32>, tensor<3x17xi64>) {
    ^bb0(%arg1: f32, %arg2: f32, %arg3: i64, %arg4: i64):
      %20 = arith.cmpf oge, %arg1, %arg2 : f32
      iree_linalg_ext.yield %20 : i1
    } -> tensor<3x17xf32>, tensor<3x17xi64>
    %extracted_slice = tensor.extract_slice %11#0[0, 0] [3, 5] [1, 1] : tensor<3x17xf32> to tensor<3x5xf32>
    %extracted_slice_1 = tensor.extract_slice %11#1[0, 0] [3, 5] [1, 1] : tensor<3x17xi64> to tensor<3x5xi64>
    %12:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%extracted_slice : tensor<3x5xf32>) outs(%3, %1 : tensor<3xf32>, tensor<3xi64>) {
    ^bb0(%in: f32, %out: f32, %out_2: i64):
      %20 = linalg.index 1 : index
      %21 = arith.index_cast %20 : index to i64
      %22 = arith.maximumf %in, %out : f32
      %23 = arith.cmpf ogt, %in, %out : f32
      %24 = arith.select %23, %21, %out_2 : i64
      linalg.yield %22, %24 : f32, i64
    } -> (tensor<3xf32>, tensor<3xi64>)
    %expanded = tensor.expand_shape %12#0 [[0, 1]] output_shape [3, 1] : tensor<3xf32> into tensor<3x1xf32>
    %13 = tensor.empty() : tensor<3x5xf32>
    %14 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice, %expanded : tensor<3x5xf32>, tensor<3x1xf32>) outs(%13 : tensor<3x5xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %20 = arith.subf %in, %in_2 : f32
      linalg.yield %20 : f32
    } -> tensor<3x5xf32>
    %15 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%14 : tensor<3x5xf32>) outs(%13 : tensor<3x5xf32>) {
    ^bb0(%in: f32, %out: f32):
      %20 = math.exp %in : f32
      linalg.yield %20 : f32
    } -> tensor<3x5xf32>
    %16 = tensor.empty() : tensor<3x1xf32>
    %17 = linalg.fill ins(%cst_0 : f32) outs(%16 : tensor<3x1xf32>) -> tensor<3x1xf32>
    %18 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>], iterator_types = ["parallel", "reduction"]} ins(%15 : tensor<3x5xf32>) outs(%17 : tensor<3x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %20 = arith.addf %in, %out : f32
      linalg.yield %20 : f32
    } -> tensor<3x1xf32>
    %19 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%15, %18 : tensor<3x5xf32>, tensor<3x1xf32>) outs(%13 : tensor<3x5xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %20 = arith.divf %in, %in_2 : f32
      linalg.yield %20 : f32
    } -> tensor<3x5xf32>
    func.return %4#0, %8, %11#1, %19, %extracted_slice_1 : tensor<3xf32>, tensor<3xi64>, tensor<3x17xi64>, tensor<3x5xf32>, tensor<3x5xi64>
  }
}