// bench/jax_zoo.py's full_reduce_scalars: jax.jit(f).lower(...), then iree-compile
// --iree-input-type=stablehlo --compile-to=input (util.func and util.return
// renamed to func.func and func.return).
module @jit_f {
  func.func public @main(%arg0: tensor<4x5xf32>, %arg1: tensor<3x3xf32>) -> (tensor<f32>, tensor<f32>, tensor<i1>, tensor<i32>) {
    %c0_i32 = arith.constant 0 : i32
    %cst = arith.constant 0x7F800000 : f32
    %true = arith.constant true
    %cst_0 = arith.constant -1.000000e+01 : f32
    %cst_1 = arith.constant 9.000000e+00 : f32
    %cst_2 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<f32>
    %1 = linalg.fill ins(%cst_2 : f32) outs(%0 : tensor<f32>) -> tensor<f32>
    %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%arg0 : tensor<4x5xf32>) outs(%1 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %20 = arith.addf %out, %in : f32
      linalg.yield %20 : f32
    } -> tensor<f32>
    %3 = tensor.empty() : tensor<f32>
    %4 = linalg.fill ins(%cst_2 : f32) outs(%3 : tensor<f32>) -> tensor<f32>
    %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%arg1 : tensor<3x3xf32>) outs(%4 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %20 = arith.addf %out, %in : f32
      linalg.yield %20 : f32
    } -> tensor<f32>
    %6 = tensor.empty() : tensor<f32>
    %7 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%5 : tensor<f32>) outs(%6 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %20 = arith.divf %in, %cst_1 : f32
      linalg.yield %20 : f32
    } -> tensor<f32>
    %8 = tensor.empty() : tensor<4x5xi1>
    %9 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x5xf32>) outs(%8 : tensor<4x5xi1>) {
    ^bb0(%in: f32, %out: i1):
      %20 = arith.cmpf ogt, %in, %cst_0 : f32
      linalg.yield %20 : i1
    } -> tensor<4x5xi1>
    %10 = tensor.empty() : tensor<i1>
    %11 = linalg.fill ins(%true : i1) outs(%10 : tensor<i1>) -> tensor<i1>
    %12 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%9 : tensor<4x5xi1>) outs(%11 : tensor<i1>) {
    ^bb0(%in: i1, %out: i1):
      %20 = arith.andi %out, %in : i1
      linalg.yield %20 : i1
    } -> tensor<i1>
    %collapsed = tensor.collapse_shape %arg1 [[0, 1]] : tensor<3x3xf32> into tensor<9xf32>
    %13 = tensor.empty() : tensor<9xi32>
    %14 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%13 : tensor<9xi32>) {
    ^bb0(%out: i32):
      %20 = linalg.index 0 : index
      %21 = arith.index_cast %20 : index to i32
      linalg.yield %21 : i32
    } -> tensor<9xi32>
    %15 = tensor.empty() : tensor<f32>
    %16 = linalg.fill ins(%cst : f32) outs(%15 : tensor<f32>) -> tensor<f32>
    %17 = tensor.empty() : tensor<i32>
    %18 = linalg.fill ins(%c0_i32 : i32) outs(%17 : tensor<i32>) -> tensor<i32>
    %19:2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%collapsed, %14 : tensor<9xf32>, tensor<9xi32>) outs(%16, %18 : tensor<f32>, tensor<i32>) {
    ^bb0(%in: f32, %in_3: i32, %out: f32, %out_4: i32):
      %20 = arith.cmpf olt, %out, %in : f32
      %21 = arith.cmpf une, %out, %out : f32
      %22 = arith.ori %20, %21 : i1
      %23 = arith.cmpf oeq, %out, %in : f32
      %24 = arith.cmpi slt, %out_4, %in_3 : i32
      %25 = arith.andi %23, %24 : i1
      %26 = arith.ori %22, %25 : i1
      %27 = arith.select %22, %out, %in : f32
      %28 = arith.select %26, %out_4, %in_3 : i32
      linalg.yield %27, %28 : f32, i32
    } -> (tensor<f32>, tensor<i32>)
    func.return %2, %7, %12, %19#1 : tensor<f32>, tensor<f32>, tensor<i1>, tensor<i32>
  }
}