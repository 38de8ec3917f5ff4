// bench/jax_zoo.py's take_along_axis: jax.jit(f).lower(...), then iree-compile
// --iree-input-type=stablehlo --compile-to=input (util.func and util.return
// renamed to func.func and func.return).
module @jit_f {
  func.func public @main(%arg0: tensor<2x9x6xf32>, %arg1: tensor<2x4xi32>) -> tensor<2x4x6xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0x7FC00000 : f32
    %c8 = arith.constant 8 : index
    %c0 = arith.constant 0 : index
    %true = arith.constant true
    %c8_i32 = arith.constant 8 : i32
    %c9_i32 = arith.constant 9 : i32
    %c0_i32 = arith.constant 0 : i32
    %extracted_slice = tensor.extract_slice %arg0[0, 0, 1] [2, 3, 4] [1, 3, 1] : tensor<2x9x6xf32> to tensor<2x3x4xf32>
    %0 = tensor.empty() : tensor<2x4x1x6xi32>
    %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg1 : tensor<2x4xi32>) outs(%0 : tensor<2x4x1x6xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    } -> tensor<2x4x1x6xi32>
    %collapsed = tensor.collapse_shape %1 [[0], [1], [2, 3]] : tensor<2x4x1x6xi32> into tensor<2x4x6xi32>
    %2 = tensor.empty() : tensor<2x4x6xi1>
    %3 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed : tensor<2x4x6xi32>) outs(%2 : tensor<2x4x6xi1>) {
    ^bb0(%in: i32, %out: i1):
      %28 = arith.cmpi slt, %in, %c0_i32 : i32
      linalg.yield %28 : i1
    } -> tensor<2x4x6xi1>
    %4 = tensor.empty() : tensor<2x4x6xi32>
    %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed : tensor<2x4x6xi32>) outs(%4 : tensor<2x4x6xi32>) {
    ^bb0(%in: i32, %out: i32):
      %28 = arith.addi %in, %c9_i32 : i32
      linalg.yield %28 : i32
    } -> tensor<2x4x6xi32>
    %6 = tensor.empty() : tensor<2x4x6xi32>
    %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3, %5, %collapsed : tensor<2x4x6xi1>, tensor<2x4x6xi32>, tensor<2x4x6xi32>) outs(%6 : tensor<2x4x6xi32>) {
    ^bb0(%in: i1, %in_1: i32, %in_2: i32, %out: i32):
      %28 = arith.select %in, %in_1, %in_2 : i32
      linalg.yield %28 : i32
    } -> tensor<2x4x6xi32>
    %expanded = tensor.expand_shape %7 [[0], [1], [2, 3]] output_shape [2, 4, 6, 1] : tensor<2x4x6xi32> into tensor<2x4x6x1xi32>
    %8 = tensor.empty() : tensor<2x4x6x1xi1>
    %9 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x4x6x1xi32>) outs(%8 : tensor<2x4x6x1xi1>) {
    ^bb0(%in: i32, %out: i1):
      %28 = arith.cmpi sge, %in, %c0_i32 : i32
      linalg.yield %28 : i1
    } -> tensor<2x4x6x1xi1>
    %10 = tensor.empty() : tensor<2x4x6x1xi1>
    %11 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x4x6x1xi32>) outs(%10 : tensor<2x4x6x1xi1>) {
    ^bb0(%in: i32, %out: i1):
      %28 = arith.cmpi sle, %in, %c8_i32 : i32
      linalg.yield %28 : i1
    } -> tensor<2x4x6x1xi1>
    %12 = tensor.empty() : tensor<2x4x6x1xi1>
    %13 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%9, %11 : tensor<2x4x6x1xi1>, tensor<2x4x6x1xi1>) outs(%12 : tensor<2x4x6x1xi1>) {
    ^bb0(%in: i1, %in_1: i1, %out: i1):
      %28 = arith.andi %in, %in_1 : i1
      linalg.yield %28 : i1
    } -> tensor<2x4x6x1xi1>
    %14 = tensor.empty() : tensor<2x4x6xi1>
    %15 = linalg.fill ins(%true : i1) outs(%14 : tensor<2x4x6xi1>) -> tensor<2x4x6xi1>
    %16 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%13 : tensor<2x4x6x1xi1>) outs(%15 : tensor<2x4x6xi1>) {
    ^bb0(%in: i1, %out: i1):
      %28 = arith.andi %out, %in : i1
      linalg.yield %28 : i1
    } -> tensor<2x4x6xi1>
    %17 = tensor.empty() : tensor<2x4x6xf32>
    %18 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} outs(%17 : tensor<2x4x6xf32>) {
    ^bb0(%out: f32):
      %28 = linalg.index 0 : index
      %29 = linalg.index 1 : index
      %30 = linalg.index 2 : index
      %extracted = tensor.extract %expanded[%28, %29, %30, %c0] : tensor<2x4x6x1xi32>
      %31 = arith.index_cast %extracted : i32 to index
      %32 = arith.maxsi %31, %c0 : index
      %33 = arith.minsi %32, %c8 : index
      %extracted_1 = tensor.extract %arg0[%28, %33, %30] : tensor<2x9x6xf32>
      linalg.yield %extracted_1 : f32
    } -> tensor<2x4x6xf32>
    %19 = tensor.empty() : tensor<2x4x6xf32>
    %20 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%16, %18 : tensor<2x4x6xi1>, tensor<2x4x6xf32>) outs(%19 : tensor<2x4x6xf32>) {
    ^bb0(%in: i1, %in_1: f32, %out: f32):
      %28 = arith.select %in, %in_1, %cst_0 : f32
      linalg.yield %28 : f32
    } -> tensor<2x4x6xf32>
    %21 = tensor.empty() : tensor<f32>
    %22 = linalg.fill ins(%cst : f32) outs(%21 : tensor<f32>) -> tensor<f32>
    %23 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> ()>], iterator_types = ["reduction", "reduction", "reduction"]} ins(%extracted_slice : tensor<2x3x4xf32>) outs(%22 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %28 = arith.addf %out, %in : f32
      linalg.yield %28 : f32
    } -> tensor<f32>
    %24 = tensor.empty() : tensor<2x4x6xf32>
    %25 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> ()>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%23 : tensor<f32>) outs(%24 : tensor<2x4x6xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x4x6xf32>
    %26 = tensor.empty() : tensor<2x4x6xf32>
    %27 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%25, %20 : tensor<2x4x6xf32>, tensor<2x4x6xf32>) outs(%26 : tensor<2x4x6xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %28 = arith.addf %in, %in_1 : f32
      linalg.yield %28 : f32
    } -> tensor<2x4x6xf32>
    func.return %27 : tensor<2x4x6xf32>
  }
}