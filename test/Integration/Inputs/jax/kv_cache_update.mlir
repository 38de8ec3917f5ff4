// bench/jax_zoo.py's kv_cache_update: jax.jit(f).lower(...), then iree-compile
// --iree-input-type=stablehlo --compile-to=input (util.func and util.return
// renamed to func.func and func.return).
module @jit_f {
  func.func public @main(%arg0: tensor<2x16x16xf32>, %arg1: tensor<2x1x16xf32>, %arg2: tensor<i32>) -> tensor<2x8x16xf32> {
    %cst = arith.constant 2.000000e+00 : f32
    %c15 = arith.constant 15 : index
    %c0 = arith.constant 0 : index
    %c16_i32 = arith.constant 16 : i32
    %c0_i32 = arith.constant 0 : i32
    %0 = tensor.empty() : tensor<i1>
    %1 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%arg2 : tensor<i32>) outs(%0 : tensor<i1>) {
    ^bb0(%in: i32, %out: i1):
      %11 = arith.cmpi slt, %in, %c0_i32 : i32
      linalg.yield %11 : i1
    } -> tensor<i1>
    %2 = tensor.empty() : tensor<i32>
    %3 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%arg2 : tensor<i32>) outs(%2 : tensor<i32>) {
    ^bb0(%in: i32, %out: i32):
      %11 = arith.addi %in, %c16_i32 : i32
      linalg.yield %11 : i32
    } -> tensor<i32>
    %4 = tensor.empty() : tensor<i32>
    %5 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>, affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%1, %3, %arg2 : tensor<i1>, tensor<i32>, tensor<i32>) outs(%4 : tensor<i32>) {
    ^bb0(%in: i1, %in_0: i32, %in_1: i32, %out: i32):
      %11 = arith.select %in, %in_0, %in_1 : i32
      linalg.yield %11 : i32
    } -> tensor<i32>
    %extracted = tensor.extract %5[] : tensor<i32>
    %6 = arith.index_cast %extracted : i32 to index
    %7 = arith.maxsi %6, %c0 : index
    %8 = arith.minsi %7, %c15 : index
    %inserted_slice = tensor.insert_slice %arg1 into %arg0[0, %8, 0] [2, 1, 16] [1, 1, 1] : tensor<2x1x16xf32> into tensor<2x16x16xf32>
    %extracted_slice = tensor.extract_slice %inserted_slice[0, 0, 0] [2, 8, 16] [1, 1, 1] : tensor<2x16x16xf32> to tensor<2x8x16xf32>
    %9 = tensor.empty() : tensor<2x8x16xf32>
    %10 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%extracted_slice : tensor<2x8x16xf32>) outs(%9 : tensor<2x8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %11 = arith.mulf %in, %cst : f32
      linalg.yield %11 : f32
    } -> tensor<2x8x16xf32>
    func.return %10 : tensor<2x8x16xf32>
  }
}