// bench/jax_zoo.py's max_pool_same: jax.jit(f).lower(...), then iree-compile
// --iree-input-type=stablehlo --compile-to=input (util.func and util.return
// renamed to func.func and func.return).
module @jit_f {
  func.func public @main(%arg0: tensor<2x7x7x3xf32>) -> (tensor<2x4x4x3xf32>, tensor<2x7x7x3xf32>) {
    %cst = arith.constant 0x7F800000 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant dense<0x7F800000> : tensor<f32>
    %cst_2 = arith.constant dense<0xFF800000> : tensor<f32>
    %0 = tensor.empty() : tensor<2x4x4x3xf32>
    %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_2 : tensor<f32>) outs(%0 : tensor<2x4x4x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x4x3xf32>
    %padded = tensor.pad %arg0 low[0, 1, 1, 0] high[0, 1, 1, 0] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst_0 : f32
    } : tensor<2x7x7x3xf32> to tensor<2x9x9x3xf32>
    %2 = tensor.empty() : tensor<3x3xf32>
    %3 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d3)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%padded, %2 : tensor<2x9x9x3xf32>, tensor<3x3xf32>) outs(%1 : tensor<2x4x4x3xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %8 = arith.maximumf %out, %in : f32
      linalg.yield %8 : f32
    } -> tensor<2x4x4x3xf32>
    %4 = tensor.empty() : tensor<2x7x7x3xf32>
    %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_1 : tensor<f32>) outs(%4 : tensor<2x7x7x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x7x7x3xf32>
    %padded_3 = tensor.pad %arg0 low[0, 1, 0, 0] high[0, 0, 1, 0] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<2x7x7x3xf32> to tensor<2x8x8x3xf32>
    %6 = tensor.empty() : tensor<2x2xf32>
    %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 + d4, d2 + d5, d3)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%padded_3, %6 : tensor<2x8x8x3xf32>, tensor<2x2xf32>) outs(%5 : tensor<2x7x7x3xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %8 = arith.minimumf %out, %in : f32
      linalg.yield %8 : f32
    } -> tensor<2x7x7x3xf32>
    func.return %3, %7 : tensor<2x4x4x3xf32>, tensor<2x7x7x3xf32>
  }
}