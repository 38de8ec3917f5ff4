// bench/jax_zoo.py's cumsum_logsumexp: jax.jit(f).lower(...), then iree-compile
// --iree-input-type=stablehlo --compile-to=input (util.func and util.return
// renamed to func.func and func.return); IREE keeps its iree_linalg_ext ops.
module @jit_f {
  func.func public @main(%arg0: tensor<4x33xf32>) -> (tensor<4x33xf32>, tensor<4xf32>) {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0x7F800000 : f32
    %cst_1 = arith.constant 0xFF800000 : f32
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<f32>
    %0 = tensor.empty() : tensor<4x33xf32>
    %1 = tensor.empty() : tensor<4xf32>
    %2 = linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%cst_2 : tensor<f32>) outs(%1 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4xf32>
    %3:2 = iree_linalg_ext.scan dimension(1) inclusive(true) ins(%arg0 : tensor<4x33xf32>) outs(%0, %2 : tensor<4x33xf32>, tensor<4xf32>) {
    ^bb0(%arg1: f32, %arg2: f32):
      %26 = arith.addf %arg1, %arg2 : f32
      iree_linalg_ext.yield %26 : f32
    } -> tensor<4x33xf32>, tensor<4xf32>
    %4 = tensor.empty() : tensor<4xf32>
    %5 = linalg.fill ins(%cst_1 : f32) outs(%4 : tensor<4xf32>) -> tensor<4xf32>
    %6 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<4x33xf32>) outs(%5 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %26 = arith.maximumf %out, %in : f32
      linalg.yield %26 : f32
    } -> tensor<4xf32>
    %7 = tensor.empty() : tensor<4xi1>
    %8 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%6 : tensor<4xf32>) outs(%7 : tensor<4xi1>) {
    ^bb0(%in: f32, %out: i1):
      %26 = math.absf %in : f32
      %27 = arith.cmpf one, %26, %cst_0 : f32
      linalg.yield %27 : i1
    } -> tensor<4xi1>
    %9 = tensor.empty() : tensor<4xf32>
    %10 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%8, %6 : tensor<4xi1>, tensor<4xf32>) outs(%9 : tensor<4xf32>) {
    ^bb0(%in: i1, %in_3: f32, %out: f32):
      %26 = arith.select %in, %in_3, %cst : f32
      linalg.yield %26 : f32
    } -> tensor<4xf32>
    %11 = tensor.empty() : tensor<4x33xf32>
    %12 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%10 : tensor<4xf32>) outs(%11 : tensor<4x33xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x33xf32>
    %13 = tensor.empty() : tensor<4x33xf32>
    %14 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg0, %12 : tensor<4x33xf32>, tensor<4x33xf32>) outs(%13 : tensor<4x33xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %26 = arith.subf %in, %in_3 : f32
      linalg.yield %26 : f32
    } -> tensor<4x33xf32>
    %15 = tensor.empty() : tensor<4x33xf32>
    %16 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%14 : tensor<4x33xf32>) outs(%15 : tensor<4x33xf32>) {
    ^bb0(%in: f32, %out: f32):
      %26 = math.exp %in : f32
      linalg.yield %26 : f32
    } -> tensor<4x33xf32>
    %17 = tensor.empty() : tensor<4xf32>
    %18 = linalg.fill ins(%cst : f32) outs(%17 : tensor<4xf32>) -> tensor<4xf32>
    %19 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%16 : tensor<4x33xf32>) outs(%18 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %26 = arith.addf %out, %in : f32
      linalg.yield %26 : f32
    } -> tensor<4xf32>
    %20 = tensor.empty() : tensor<4xf32>
    %21 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%19 : tensor<4xf32>) outs(%20 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %26 = math.absf %in : f32
      linalg.yield %26 : f32
    } -> tensor<4xf32>
    %22 = tensor.empty() : tensor<4xf32>
    %23 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%21 : tensor<4xf32>) outs(%22 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %26 = math.log %in : f32
      linalg.yield %26 : f32
    } -> tensor<4xf32>
    %24 = tensor.empty() : tensor<4xf32>
    %25 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%23, %10 : tensor<4xf32>, tensor<4xf32>) outs(%24 : tensor<4xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %26 = arith.addf %in, %in_3 : f32
      linalg.yield %26 : f32
    } -> tensor<4xf32>
    func.return %3#0, %25 : tensor<4x33xf32>, tensor<4xf32>
  }
}