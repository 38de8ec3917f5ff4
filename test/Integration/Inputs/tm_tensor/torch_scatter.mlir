// torch-mlir 20261001 (FX importer, linalg-on-tensors) export of export_torch.py's 'scatter' (torch 2.15.0).
#map = affine_map<(d0) -> (d0, 0)>
#map1 = affine_map<(d0) -> (d0)>
module {
  func.func @main(%arg0: tensor<3x4xf32>, %arg1: tensor<2x4xf32>) -> tensor<3x4xf32> {
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense_resource<torch_tensor_2_4_torch.int64> : tensor<2x4xi64>
    %0 = tensor.empty() : tensor<8x1xi64>
    %1 = linalg.fill ins(%c0_i64 : i64) outs(%0 : tensor<8x1xi64>) -> tensor<8x1xi64>
    %2 = tensor.empty() : tensor<8xf32>
    %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<8xf32>) -> tensor<8xf32>
    %4:3 = linalg.generic {indexing_maps = [#map, #map, #map1], iterator_types = ["parallel"]} outs(%1, %1, %3 : tensor<8x1xi64>, tensor<8x1xi64>, tensor<8xf32>) {
    ^bb0(%out: i64, %out_2: i64, %out_3: f32):
      %8 = linalg.index 0 : index
      %9 = arith.remsi %8, %c4 : index
      %10 = arith.divsi %8, %c4 : index
      %11 = arith.remsi %10, %c2 : index
      %extracted = tensor.extract %cst_0[%11, %9] : tensor<2x4xi64>
      %extracted_4 = tensor.extract %arg1[%11, %9] : tensor<2x4xf32>
      %12 = arith.index_cast %9 : index to i64
      linalg.yield %extracted, %12, %extracted_4 : i64, i64, f32
    } -> (tensor<8x1xi64>, tensor<8x1xi64>, tensor<8xf32>)
    %5 = tensor.empty() : tensor<8x2xi64>
    %6 = linalg.fill ins(%c0_i64 : i64) outs(%5 : tensor<8x2xi64>) -> tensor<8x2xi64>
    %inserted_slice = tensor.insert_slice %4#0 into %6[0, 0] [8, 1] [1, 1] : tensor<8x1xi64> into tensor<8x2xi64>
    %inserted_slice_1 = tensor.insert_slice %4#1 into %inserted_slice[0, 1] [8, 1] [1, 1] : tensor<8x1xi64> into tensor<8x2xi64>
    %7 = tm_tensor.scatter {dimension_map = array<i64: 0, 1>} unique_indices(false) ins(%4#2, %inserted_slice_1 : tensor<8xf32>, tensor<8x2xi64>) outs(%arg0 : tensor<3x4xf32>) {
    ^bb0(%arg2: f32, %arg3: f32):
      tm_tensor.yield %arg2 : f32
    } -> tensor<3x4xf32>
    return %7 : tensor<3x4xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_2_4_torch.int64: "0x0800000000000000000000000100000000000000020000000000000000000000000000000100000000000000020000000000000000000000000000000100000000000000"
    }
  }
#-}
