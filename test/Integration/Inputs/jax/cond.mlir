// bench/jax_zoo.py's cond: jax.jit(f).lower(...), then iree-compile
// --iree-input-type=stablehlo --compile-to=input (util.func and util.return
// renamed to func.func and func.return).
module @jit_f {
  func.func public @main(%arg0: tensor<8x8xf32>, %arg1: tensor<f32>) -> tensor<8x8xf32> {
    %cst = arith.constant 2.000000e+00 : f32
    %c0_i32 = arith.constant 0 : i32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<i1>
    %1 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%arg1 : tensor<f32>) outs(%0 : tensor<i1>) {
    ^bb0(%in: f32, %out: i1):
      %7 = arith.cmpf ogt, %in, %cst_0 : f32
      linalg.yield %7 : i1
    } -> tensor<i1>
    %2 = tensor.empty() : tensor<i32>
    %3 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%1 : tensor<i1>) outs(%2 : tensor<i32>) {
    ^bb0(%in: i1, %out: i32):
      %7 = arith.extui %in : i1 to i32
      linalg.yield %7 : i32
    } -> tensor<i32>
    %4 = tensor.empty() : tensor<i1>
    %5 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%3 : tensor<i32>) outs(%4 : tensor<i1>) {
    ^bb0(%in: i32, %out: i1):
      %7 = arith.cmpi eq, %in, %c0_i32 : i32
      linalg.yield %7 : i1
    } -> tensor<i1>
    %extracted = tensor.extract %5[] : tensor<i1>
    %6 = scf.if %extracted -> (tensor<8x8xf32>) {
      %7 = tensor.empty() : tensor<8x8xf32>
      %8 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<8x8xf32>) outs(%7 : tensor<8x8xf32>) {
      ^bb0(%in: f32, %out: f32):
        %11 = arith.negf %in : f32
        linalg.yield %11 : f32
      } -> tensor<8x8xf32>
      %9 = tensor.empty() : tensor<8x8xf32>
      %10 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%8 : tensor<8x8xf32>) outs(%9 : tensor<8x8xf32>) {
      ^bb0(%in: f32, %out: f32):
        %11 = arith.mulf %in, %cst : f32
        linalg.yield %11 : f32
      } -> tensor<8x8xf32>
      scf.yield %10 : tensor<8x8xf32>
    } else {
      %7 = tensor.empty() : tensor<8x8xf32>
      %8 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<8x8xf32>) outs(%7 : tensor<8x8xf32>) {
      ^bb0(%in: f32, %out: f32):
        %9 = math.exp %in : f32
        linalg.yield %9 : f32
      } -> tensor<8x8xf32>
      scf.yield %8 : tensor<8x8xf32>
    }
    func.return %6 : tensor<8x8xf32>
  }
}