// bench/jax_zoo.py's f16_attention: jax.jit(f).lower(...), then iree-compile
// --iree-input-type=stablehlo --compile-to=input (util.func and util.return
// renamed to func.func and func.return).
module @jit_f {
  func.func public @main(%arg0: tensor<2x16x64xf16>, %arg1: tensor<2x16x64xf16>, %arg2: tensor<2x16x64xf16>) -> tensor<2x16x64xf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 1.250000e-01 : f16
    %cst_2 = arith.constant 0.000000e+00 : f16
    %0 = tensor.empty() : tensor<2x64x16xf16>
    %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg1 : tensor<2x16x64xf16>) outs(%0 : tensor<2x64x16xf16>) {
    ^bb0(%in: f16, %out: f16):
      linalg.yield %in : f16
    } -> tensor<2x64x16xf16>
    %2 = tensor.empty() : tensor<2x16x16xf16>
    %3 = linalg.fill ins(%cst_2 : f16) outs(%2 : tensor<2x16x16xf16>) -> tensor<2x16x16xf16>
    %4 = linalg.batch_matmul ins(%arg0, %1 : tensor<2x16x64xf16>, tensor<2x64x16xf16>) outs(%3 : tensor<2x16x16xf16>) -> tensor<2x16x16xf16>
    %5 = tensor.empty() : tensor<2x16x16xf16>
    %6 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<2x16x16xf16>) outs(%5 : tensor<2x16x16xf16>) {
    ^bb0(%in: f16, %out: f16):
      %30 = arith.mulf %in, %cst_1 : f16
      linalg.yield %30 : f16
    } -> tensor<2x16x16xf16>
    %7 = tensor.empty() : tensor<2x16x16xf32>
    %8 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<2x16x16xf16>) outs(%7 : tensor<2x16x16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %30 = arith.extf %in : f16 to f32
      linalg.yield %30 : f32
    } -> tensor<2x16x16xf32>
    %9 = tensor.empty() : tensor<2x16xf32>
    %10 = linalg.fill ins(%cst_0 : f32) outs(%9 : tensor<2x16xf32>) -> tensor<2x16xf32>
    %11 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%8 : tensor<2x16x16xf32>) outs(%10 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %30 = arith.maximumf %out, %in : f32
      linalg.yield %30 : f32
    } -> tensor<2x16xf32>
    %12 = tensor.empty() : tensor<2x16x16xf32>
    %13 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11 : tensor<2x16xf32>) outs(%12 : tensor<2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x16xf32>
    %14 = tensor.empty() : tensor<2x16x16xf32>
    %15 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8, %13 : tensor<2x16x16xf32>, tensor<2x16x16xf32>) outs(%14 : tensor<2x16x16xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %30 = arith.subf %in, %in_3 : f32
      linalg.yield %30 : f32
    } -> tensor<2x16x16xf32>
    %16 = tensor.empty() : tensor<2x16x16xf32>
    %17 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<2x16x16xf32>) outs(%16 : tensor<2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %30 = math.exp %in : f32
      linalg.yield %30 : f32
    } -> tensor<2x16x16xf32>
    %18 = tensor.empty() : tensor<2x16xf32>
    %19 = linalg.fill ins(%cst : f32) outs(%18 : tensor<2x16xf32>) -> tensor<2x16xf32>
    %20 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%17 : tensor<2x16x16xf32>) outs(%19 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %30 = arith.addf %out, %in : f32
      linalg.yield %30 : f32
    } -> tensor<2x16xf32>
    %21 = tensor.empty() : tensor<2x16x16xf32>
    %22 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20 : tensor<2x16xf32>) outs(%21 : tensor<2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x16xf32>
    %23 = tensor.empty() : tensor<2x16x16xf32>
    %24 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%17, %22 : tensor<2x16x16xf32>, tensor<2x16x16xf32>) outs(%23 : tensor<2x16x16xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %30 = arith.divf %in, %in_3 : f32
      linalg.yield %30 : f32
    } -> tensor<2x16x16xf32>
    %25 = tensor.empty() : tensor<2x16x16xf16>
    %26 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%24 : tensor<2x16x16xf32>) outs(%25 : tensor<2x16x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %30 = arith.truncf %in : f32 to f16
      linalg.yield %30 : f16
    } -> tensor<2x16x16xf16>
    %27 = tensor.empty() : tensor<2x16x64xf16>
    %28 = linalg.fill ins(%cst_2 : f16) outs(%27 : tensor<2x16x64xf16>) -> tensor<2x16x64xf16>
    %29 = linalg.batch_matmul ins(%26, %arg2 : tensor<2x16x16xf16>, tensor<2x16x64xf16>) outs(%28 : tensor<2x16x64xf16>) -> tensor<2x16x64xf16>
    func.return %29 : tensor<2x16x64xf16>
  }
}