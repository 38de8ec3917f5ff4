// bench/jax_zoo.py's while_loop: jax.jit(f).lower(...), then iree-compile
// --iree-input-type=stablehlo --compile-to=input (util.func and util.return
// renamed to func.func and func.return).
module @jit_f {
  func.func public @main(%arg0: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %cst = arith.constant 1.000000e-01 : f32
    %cst_0 = arith.constant 1.500000e+00 : f32
    %c1_i32 = arith.constant 1 : i32
    %cst_1 = arith.constant 1.000000e+02 : f32
    %cst_2 = arith.constant 0.000000e+00 : f32
    %c10_i32 = arith.constant 10 : i32
    %cst_3 = arith.constant dense<0> : tensor<i32>
    %0:2 = scf.while (%arg1 = %cst_3, %arg2 = %arg0) : (tensor<i32>, tensor<4x4xf32>) -> (tensor<i32>, tensor<4x4xf32>) {
      %1 = tensor.empty() : tensor<i1>
      %2 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%arg1 : tensor<i32>) outs(%1 : tensor<i1>) {
      ^bb0(%in: i32, %out: i1):
        %10 = arith.cmpi slt, %in, %c10_i32 : i32
        linalg.yield %10 : i1
      } -> tensor<i1>
      %3 = tensor.empty() : tensor<f32>
      %4 = linalg.fill ins(%cst_2 : f32) outs(%3 : tensor<f32>) -> tensor<f32>
      %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%arg2 : tensor<4x4xf32>) outs(%4 : tensor<f32>) {
      ^bb0(%in: f32, %out: f32):
        %10 = arith.addf %out, %in : f32
        linalg.yield %10 : f32
      } -> tensor<f32>
      %6 = tensor.empty() : tensor<i1>
      %7 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%5 : tensor<f32>) outs(%6 : tensor<i1>) {
      ^bb0(%in: f32, %out: i1):
        %10 = arith.cmpf olt, %in, %cst_1 : f32
        linalg.yield %10 : i1
      } -> tensor<i1>
      %8 = tensor.empty() : tensor<i1>
      %9 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%2, %7 : tensor<i1>, tensor<i1>) outs(%8 : tensor<i1>) {
      ^bb0(%in: i1, %in_4: i1, %out: i1):
        %10 = arith.andi %in, %in_4 : i1
        linalg.yield %10 : i1
      } -> tensor<i1>
      %extracted = tensor.extract %9[] : tensor<i1>
      scf.condition(%extracted) %arg1, %arg2 : tensor<i32>, tensor<4x4xf32>
    } do {
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<4x4xf32>):
      %1 = tensor.empty() : tensor<i32>
      %2 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%arg1 : tensor<i32>) outs(%1 : tensor<i32>) {
      ^bb0(%in: i32, %out: i32):
        %7 = arith.addi %in, %c1_i32 : i32
        linalg.yield %7 : i32
      } -> tensor<i32>
      %3 = tensor.empty() : tensor<4x4xf32>
      %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg2 : tensor<4x4xf32>) outs(%3 : tensor<4x4xf32>) {
      ^bb0(%in: f32, %out: f32):
        %7 = arith.mulf %in, %cst_0 : f32
        linalg.yield %7 : f32
      } -> tensor<4x4xf32>
      %5 = tensor.empty() : tensor<4x4xf32>
      %6 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<4x4xf32>) outs(%5 : tensor<4x4xf32>) {
      ^bb0(%in: f32, %out: f32):
        %7 = arith.addf %in, %cst : f32
        linalg.yield %7 : f32
      } -> tensor<4x4xf32>
      scf.yield %2, %6 : tensor<i32>, tensor<4x4xf32>
    }
    func.return %0#1 : tensor<4x4xf32>
  }
}