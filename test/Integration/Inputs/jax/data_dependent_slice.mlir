// bench/jax_zoo.py's data_dependent_slice: jax.jit(f).lower(...), then iree-compile
// --iree-input-type=stablehlo --compile-to=input (util.func and util.return
// renamed to func.func and func.return).
module @jit_f {
  func.func public @main(%arg0: tensor<8x12xf32>, %arg1: tensor<1x12xf32>) -> tensor<1x12xf32> {
    %c7 = arith.constant 7 : index
    %c0 = arith.constant 0 : index
    %c8_i32 = arith.constant 8 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst = arith.constant 0xFF800000 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<8xf32>
    %1 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<8xf32>) -> tensor<8xf32>
    %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<8x12xf32>) outs(%1 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %21 = arith.addf %out, %in : f32
      linalg.yield %21 : f32
    } -> tensor<8xf32>
    %3 = tensor.empty() : tensor<8xi32>
    %4 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%3 : tensor<8xi32>) {
    ^bb0(%out: i32):
      %21 = linalg.index 0 : index
      %22 = arith.index_cast %21 : index to i32
      linalg.yield %22 : i32
    } -> tensor<8xi32>
    %5 = tensor.empty() : tensor<f32>
    %6 = linalg.fill ins(%cst : f32) outs(%5 : tensor<f32>) -> tensor<f32>
    %7 = tensor.empty() : tensor<i32>
    %8 = linalg.fill ins(%c0_i32 : i32) outs(%7 : tensor<i32>) -> tensor<i32>
    %9:2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%2, %4 : tensor<8xf32>, tensor<8xi32>) outs(%6, %8 : tensor<f32>, tensor<i32>) {
    ^bb0(%in: f32, %in_1: i32, %out: f32, %out_2: i32):
      %21 = arith.cmpf ogt, %out, %in : f32
      %22 = arith.cmpf une, %out, %out : f32
      %23 = arith.ori %21, %22 : i1
      %24 = arith.cmpf oeq, %out, %in : f32
      %25 = arith.cmpi slt, %out_2, %in_1 : i32
      %26 = arith.andi %24, %25 : i1
      %27 = arith.ori %23, %26 : i1
      %28 = arith.select %23, %out, %in : f32
      %29 = arith.select %27, %out_2, %in_1 : i32
      linalg.yield %28, %29 : f32, i32
    } -> (tensor<f32>, tensor<i32>)
    %10 = tensor.empty() : tensor<i1>
    %11 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%9#1 : tensor<i32>) outs(%10 : tensor<i1>) {
    ^bb0(%in: i32, %out: i1):
      %21 = arith.cmpi slt, %in, %c0_i32 : i32
      linalg.yield %21 : i1
    } -> tensor<i1>
    %12 = tensor.empty() : tensor<i32>
    %13 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%9#1 : tensor<i32>) outs(%12 : tensor<i32>) {
    ^bb0(%in: i32, %out: i32):
      %21 = arith.addi %in, %c8_i32 : i32
      linalg.yield %21 : i32
    } -> tensor<i32>
    %14 = tensor.empty() : tensor<i32>
    %15 = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>, affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%11, %13, %9#1 : tensor<i1>, tensor<i32>, tensor<i32>) outs(%14 : tensor<i32>) {
    ^bb0(%in: i1, %in_1: i32, %in_2: i32, %out: i32):
      %21 = arith.select %in, %in_1, %in_2 : i32
      linalg.yield %21 : i32
    } -> tensor<i32>
    %extracted = tensor.extract %15[] : tensor<i32>
    %16 = arith.index_cast %extracted : i32 to index
    %17 = arith.maxsi %16, %c0 : index
    %18 = arith.minsi %17, %c7 : index
    %extracted_slice = tensor.extract_slice %arg0[%18, 0] [1, 12] [1, 1] : tensor<8x12xf32> to tensor<1x12xf32>
    %19 = tensor.empty() : tensor<1x12xf32>
    %20 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice, %arg1 : tensor<1x12xf32>, tensor<1x12xf32>) outs(%19 : tensor<1x12xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %21 = arith.mulf %in, %in_1 : f32
      linalg.yield %21 : f32
    } -> tensor<1x12xf32>
    func.return %20 : tensor<1x12xf32>
  }
}