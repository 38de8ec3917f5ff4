// torch.onnx.export (opset 17) of a small PyTorch model, imported by torch-mlir's
// ONNX importer (torch-onnx-to-torch-backend, torch-backend-to-linalg-on-tensors).
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> ()>
#map2 = affine_map<(d0, d1) -> (d0, 0)>
module {
  func.func @main_graph(%arg0: tensor<4x40xf32>, %arg1: tensor<4x40xf32>) -> tensor<4x40xf32> {
    %c2_i64 = arith.constant 2 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense<9.99999997E-7> : tensor<f32>
    %cst_1 = arith.constant dense<1.000000e+00> : tensor<f32>
    %cst_2 = arith.constant dense<-1.000000e+00> : tensor<f32>
    %cst_3 = arith.constant dense<5.000000e-01> : tensor<f32>
    %cst_4 = arith.constant 1.500000e+00 : f32
    %0 = tensor.empty() : tensor<4x40xi1>
    %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4x40xf32>, tensor<4x40xf32>) outs(%0 : tensor<4x40xi1>) {
    ^bb0(%in: f32, %in_5: f32, %out: i1):
      %18 = arith.cmpf ogt, %in, %in_5 : f32
      linalg.yield %18 : i1
    } -> tensor<4x40xi1>
    %2 = tensor.empty() : tensor<4x40xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%arg1, %cst_3 : tensor<4x40xf32>, tensor<f32>) outs(%2 : tensor<4x40xf32>) {
    ^bb0(%in: f32, %in_5: f32, %out: f32):
      %18 = arith.mulf %in, %in_5 : f32
      linalg.yield %18 : f32
    } -> tensor<4x40xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %arg0, %3 : tensor<4x40xi1>, tensor<4x40xf32>, tensor<4x40xf32>) outs(%2 : tensor<4x40xf32>) {
    ^bb0(%in: i1, %in_5: f32, %in_6: f32, %out: f32):
      %18 = arith.select %in, %in_5, %in_6 : f32
      linalg.yield %18 : f32
    } -> tensor<4x40xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map1, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%4, %cst_2, %cst_1 : tensor<4x40xf32>, tensor<f32>, tensor<f32>) outs(%2 : tensor<4x40xf32>) {
    ^bb0(%in: f32, %in_5: f32, %in_6: f32, %out: f32):
      %18 = arith.cmpf ult, %in, %in_5 : f32
      %19 = arith.select %18, %in_5, %in : f32
      %20 = arith.cmpf ugt, %19, %in_6 : f32
      %21 = arith.select %20, %in_6, %19 : f32
      linalg.yield %21 : f32
    } -> tensor<4x40xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<4x40xf32>) outs(%2 : tensor<4x40xf32>) {
    ^bb0(%in: f32, %out: f32):
      %18 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %18 : f32
    } -> tensor<4x40xf32>
    %7 = tensor.empty() : tensor<4x1xf32>
    %8 = linalg.fill ins(%cst : f32) outs(%7 : tensor<4x1xf32>) -> tensor<4x1xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map2], iterator_types = ["parallel", "reduction"]} ins(%6 : tensor<4x40xf32>) outs(%8 : tensor<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %18 = arith.addf %in, %out : f32
      linalg.yield %18 : f32
    } -> tensor<4x1xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%9, %cst_0 : tensor<4x1xf32>, tensor<f32>) outs(%7 : tensor<4x1xf32>) {
    ^bb0(%in: f32, %in_5: f32, %out: f32):
      %18 = arith.addf %in, %in_5 : f32
      linalg.yield %18 : f32
    } -> tensor<4x1xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%10 : tensor<4x1xf32>) outs(%7 : tensor<4x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %18 = math.sqrt %in : f32
      linalg.yield %18 : f32
    } -> tensor<4x1xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel"]} ins(%5, %11 : tensor<4x40xf32>, tensor<4x1xf32>) outs(%2 : tensor<4x40xf32>) {
    ^bb0(%in: f32, %in_5: f32, %out: f32):
      %18 = arith.divf %in, %in_5 : f32
      linalg.yield %18 : f32
    } -> tensor<4x40xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg1 : tensor<4x40xf32>) outs(%2 : tensor<4x40xf32>) {
    ^bb0(%in: f32, %out: f32):
      %18 = math.absf %in : f32
      linalg.yield %18 : f32
    } -> tensor<4x40xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<4x40xf32>) outs(%2 : tensor<4x40xf32>) {
    ^bb0(%in: f32, %out: f32):
      %18 = math.powf %in, %cst_4 : f32
      linalg.yield %18 : f32
    } -> tensor<4x40xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%12, %14 : tensor<4x40xf32>, tensor<4x40xf32>) outs(%2 : tensor<4x40xf32>) {
    ^bb0(%in: f32, %in_5: f32, %out: f32):
      %18 = arith.addf %in, %in_5 : f32
      linalg.yield %18 : f32
    } -> tensor<4x40xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<4x40xi1>) outs(%2 : tensor<4x40xf32>) {
    ^bb0(%in: i1, %out: f32):
      %18 = arith.uitofp %in : i1 to f32
      linalg.yield %18 : f32
    } -> tensor<4x40xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%15, %16 : tensor<4x40xf32>, tensor<4x40xf32>) outs(%2 : tensor<4x40xf32>) {
    ^bb0(%in: f32, %in_5: f32, %out: f32):
      %18 = arith.addf %in, %in_5 : f32
      linalg.yield %18 : f32
    } -> tensor<4x40xf32>
    return %17 : tensor<4x40xf32>
  }
}

