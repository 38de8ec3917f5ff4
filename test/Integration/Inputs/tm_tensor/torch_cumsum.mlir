// torch-mlir 20261001 (FX importer, linalg-on-tensors) export of export_torch.py's 'cumsum' (torch 2.15.0).
#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @main(%arg0: tensor<4x37xf32>) -> tensor<4x37xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 2.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x37xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x37xf32>) -> tensor<4x37xf32>
    %2 = tensor.empty() : tensor<4xf32>
    %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<4xf32>) -> tensor<4xf32>
    %4:2 = tm_tensor.scan dimension(1) inclusive(true) ins(%arg0 : tensor<4x37xf32>) outs(%1, %3 : tensor<4x37xf32>, tensor<4xf32>) {
    ^bb0(%arg1: f32, %arg2: f32):
      %6 = arith.addf %arg1, %arg2 : f32
      tm_tensor.yield %6 : f32
    } -> tensor<4x37xf32>, tensor<4xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%4#0 : tensor<4x37xf32>) outs(%0 : tensor<4x37xf32>) {
    ^bb0(%in: f32, %out: f32):
      %6 = arith.mulf %in, %cst_0 : f32
      linalg.yield %6 : f32
    } -> tensor<4x37xf32>
    return %5 : tensor<4x37xf32>
  }
}
