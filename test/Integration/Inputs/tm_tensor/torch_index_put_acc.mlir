// torch-mlir 20261001 (FX importer, linalg-on-tensors) export of export_torch.py's 'index_put_acc' (torch 2.15.0).
module {
  func.func @main(%arg0: tensor<10x6xf32>, %arg1: tensor<4x6xf32>) -> tensor<10x6xf32> {
    %cst = arith.constant dense_resource<torch_tensor_4_torch.int64> : tensor<4xi64>
    %expanded = tensor.expand_shape %cst [[0, 1]] output_shape [4, 1] : tensor<4xi64> into tensor<4x1xi64>
    %expanded_0 = tensor.expand_shape %arg1 [[0], [1, 2]] output_shape [4, 1, 6] : tensor<4x6xf32> into tensor<4x1x6xf32>
    %0 = tm_tensor.scatter {dimension_map = array<i64: 0>} unique_indices(false) ins(%expanded_0, %expanded : tensor<4x1x6xf32>, tensor<4x1xi64>) outs(%arg0 : tensor<10x6xf32>) {
    ^bb0(%arg2: f32, %arg3: f32):
      %1 = arith.addf %arg3, %arg2 : f32
      tm_tensor.yield %1 : f32
    } -> tensor<10x6xf32>
    return %0 : tensor<10x6xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_4_torch.int64: "0x080000000300000000000000070000000000000003000000000000000000000000000000"
    }
  }
#-}
