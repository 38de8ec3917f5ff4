// bench/jax_zoo.py's avg_pool_exclude_pad: jax.jit(f).lower(...), then iree-compile
// --iree-input-type=stablehlo --compile-to=input (util.func and util.return
// renamed to func.func and func.return).
module @jit_f {
  func.func public @main(%arg0: tensor<1x9x9x8xf32>) -> tensor<1x5x5x8xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense<1.000000e+00> : tensor<1x9x9x8xf32>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<f32>
    %0 = tensor.empty() : tensor<1x5x5x8xf32>
    %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_1 : tensor<f32>) outs(%0 : tensor<1x5x5x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x5x5x8xf32>
    %padded = tensor.pad %arg0 low[0, 1, 1, 0] high[0, 1, 1, 0] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x9x9x8xf32> to tensor<1x11x11x8xf32>
    %2 = tensor.empty() : tensor<3x3xf32>
    %3 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d3)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%padded, %2 : tensor<1x11x11x8xf32>, tensor<3x3xf32>) outs(%1 : tensor<1x5x5x8xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %10 = arith.addf %out, %in : f32
      linalg.yield %10 : f32
    } -> tensor<1x5x5x8xf32>
    %4 = tensor.empty() : tensor<1x5x5x8xf32>
    %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_1 : tensor<f32>) outs(%4 : tensor<1x5x5x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x5x5x8xf32>
    %padded_2 = tensor.pad %cst_0 low[0, 1, 1, 0] high[0, 1, 1, 0] {
    ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
      tensor.yield %cst : f32
    } : tensor<1x9x9x8xf32> to tensor<1x11x11x8xf32>
    %6 = tensor.empty() : tensor<3x3xf32>
    %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d3)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%padded_2, %6 : tensor<1x11x11x8xf32>, tensor<3x3xf32>) outs(%5 : tensor<1x5x5x8xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %10 = arith.addf %out, %in : f32
      linalg.yield %10 : f32
    } -> tensor<1x5x5x8xf32>
    %8 = tensor.empty() : tensor<1x5x5x8xf32>
    %9 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3, %7 : tensor<1x5x5x8xf32>, tensor<1x5x5x8xf32>) outs(%8 : tensor<1x5x5x8xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %10 = arith.divf %in, %in_3 : f32
      linalg.yield %10 : f32
    } -> tensor<1x5x5x8xf32>
    func.return %9 : tensor<1x5x5x8xf32>
  }
}