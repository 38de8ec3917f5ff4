// bench/jax_zoo.py's shuffles: jax.jit(f).lower(...), then iree-compile
// --iree-input-type=stablehlo --compile-to=input (util.func and util.return
// renamed to func.func and func.return).
module @jit_f {
  func.func public @main(%arg0: tensor<6x5xf32>, %arg1: tensor<6x7xf32>) -> tensor<7x8xf32> {
    %c6 = arith.constant 6 : index
    %cst = arith.constant -5.000000e-01 : f32
    %cst_0 = arith.constant 5.000000e-01 : f32
    %0 = tensor.empty() : tensor<6x7xf32>
    %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%0 : tensor<6x7xf32>) {
    ^bb0(%out: f32):
      %12 = linalg.index 0 : index
      %13 = linalg.index 1 : index
      %14 = arith.subi %c6, %13 : index
      %extracted = tensor.extract %arg1[%12, %14] : tensor<6x7xf32>
      linalg.yield %extracted : f32
    } -> tensor<6x7xf32>
    %2 = tensor.empty() : tensor<6x12xf32>
    %inserted_slice = tensor.insert_slice %arg0 into %2[0, 0] [6, 5] [1, 1] : tensor<6x5xf32> into tensor<6x12xf32>
    %inserted_slice_1 = tensor.insert_slice %1 into %inserted_slice[0, 5] [6, 7] [1, 1] : tensor<6x7xf32> into tensor<6x12xf32>
    %padded = tensor.pad %inserted_slice_1 low[1, 2] high[1, 0] {
    ^bb0(%arg2: index, %arg3: index):
      tensor.yield %cst_0 : f32
    } : tensor<6x12xf32> to tensor<8x14xf32>
    %3 = tensor.empty() : tensor<14x8xf32>
    %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%padded : tensor<8x14xf32>) outs(%3 : tensor<14x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<14x8xf32>
    %extracted_slice = tensor.extract_slice %4[0, 0] [7, 8] [2, 1] : tensor<14x8xf32> to tensor<7x8xf32>
    %5 = tensor.empty() : tensor<7x8xf32>
    %6 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice : tensor<7x8xf32>) outs(%5 : tensor<7x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %12 = arith.maximumf %in, %cst : f32
      linalg.yield %12 : f32
    } -> tensor<7x8xf32>
    %7 = tensor.empty() : tensor<7x8xf32>
    %8 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%6 : tensor<7x8xf32>) outs(%7 : tensor<7x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %12 = arith.minimumf %in, %cst_0 : f32
      linalg.yield %12 : f32
    } -> tensor<7x8xf32>
    %extracted_slice_2 = tensor.extract_slice %extracted_slice[0, 5] [7, 3] [1, 1] : tensor<7x8xf32> to tensor<7x3xf32>
    %extracted_slice_3 = tensor.extract_slice %extracted_slice[0, 0] [7, 5] [1, 1] : tensor<7x8xf32> to tensor<7x5xf32>
    %9 = tensor.empty() : tensor<7x8xf32>
    %inserted_slice_4 = tensor.insert_slice %extracted_slice_2 into %9[0, 0] [7, 3] [1, 1] : tensor<7x3xf32> into tensor<7x8xf32>
    %inserted_slice_5 = tensor.insert_slice %extracted_slice_3 into %inserted_slice_4[0, 3] [7, 5] [1, 1] : tensor<7x5xf32> into tensor<7x8xf32>
    %10 = tensor.empty() : tensor<7x8xf32>
    %11 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%8, %inserted_slice_5 : tensor<7x8xf32>, tensor<7x8xf32>) outs(%10 : tensor<7x8xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %12 = arith.mulf %in, %in_6 : f32
      linalg.yield %12 : f32
    } -> tensor<7x8xf32>
    func.return %11 : tensor<7x8xf32>
  }
}