// bench/jax_zoo.py's scatter_add: jax.jit(f).lower(...), then iree-compile
// --iree-input-type=stablehlo --compile-to=input (util.func and util.return
// renamed to func.func and func.return); IREE keeps its iree_linalg_ext ops.
module @jit_f {
  func.func public @main(%arg0: tensor<10x4xf32>, %arg1: tensor<4xi32>, %arg2: tensor<4x4xf32>) -> tensor<10x4xf32> {
    %c10_i32 = arith.constant 10 : i32
    %c0_i32 = arith.constant 0 : i32
    %0 = tensor.empty() : tensor<4xi1>
    %1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%arg1 : tensor<4xi32>) outs(%0 : tensor<4xi1>) {
    ^bb0(%in: i32, %out: i1):
      %7 = arith.cmpi slt, %in, %c0_i32 : i32
      linalg.yield %7 : i1
    } -> tensor<4xi1>
    %2 = tensor.empty() : tensor<4xi32>
    %3 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%arg1 : tensor<4xi32>) outs(%2 : tensor<4xi32>) {
    ^bb0(%in: i32, %out: i32):
      %7 = arith.addi %in, %c10_i32 : i32
      linalg.yield %7 : i32
    } -> tensor<4xi32>
    %4 = tensor.empty() : tensor<4xi32>
    %5 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%1, %3, %arg1 : tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) outs(%4 : tensor<4xi32>) {
    ^bb0(%in: i1, %in_0: i32, %in_1: i32, %out: i32):
      %7 = arith.select %in, %in_0, %in_1 : i32
      linalg.yield %7 : i32
    } -> tensor<4xi32>
    %expanded = tensor.expand_shape %5 [[0, 1]] output_shape [4, 1] : tensor<4xi32> into tensor<4x1xi32>
    %6 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(false) ins(%arg2, %expanded : tensor<4x4xf32>, tensor<4x1xi32>) outs(%arg0 : tensor<10x4xf32>) {
    ^bb0(%arg3: f32, %arg4: f32):
      %7 = arith.addf %arg4, %arg3 : f32
      iree_linalg_ext.yield %7 : f32
    } -> tensor<10x4xf32>
    func.return %6 : tensor<10x4xf32>
  }
}