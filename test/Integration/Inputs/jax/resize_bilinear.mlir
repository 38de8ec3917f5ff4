// bench/jax_zoo.py's resize_bilinear: jax.jit(f).lower(...), then iree-compile
// --iree-input-type=stablehlo --compile-to=input (util.func and util.return
// renamed to func.func and func.return).
module @jit_f {
  func.func public @main(%arg0: tensor<1x5x5x4xf32>) -> tensor<1x12x12x4xf32> {
    %cst = arith.constant 4.500000e+00 : f32
    %cst_0 = arith.constant -5.000000e-01 : f32
    %cst_1 = arith.constant 1.1920929E-4 : f32
    %cst_2 = arith.constant 0.000000e+00 : f32
    %cst_3 = arith.constant 5.000000e-01 : f32
    %cst_4 = arith.constant 1.000000e+00 : f32
    %cst_5 = arith.constant 0.416666657 : f32
    %0 = tensor.empty() : tensor<f32>
    %1 = linalg.generic {indexing_maps = [affine_map<() -> ()>], iterator_types = []} outs(%0 : tensor<f32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_4 : f32
    } -> tensor<f32>
    %2 = tensor.empty() : tensor<12xf32>
    %3 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%2 : tensor<12xf32>) {
    ^bb0(%out: f32):
      %83 = linalg.index 0 : index
      %84 = arith.index_cast %83 : index to i32
      %85 = arith.sitofp %84 : i32 to f32
      linalg.yield %85 : f32
    } -> tensor<12xf32>
    %4 = tensor.empty() : tensor<12xf32>
    %5 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%3 : tensor<12xf32>) outs(%4 : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %83 = arith.addf %in, %cst_3 : f32
      linalg.yield %83 : f32
    } -> tensor<12xf32>
    %6 = tensor.empty() : tensor<12xf32>
    %7 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%5 : tensor<12xf32>) outs(%6 : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %83 = arith.mulf %in, %cst_5 : f32
      linalg.yield %83 : f32
    } -> tensor<12xf32>
    %8 = tensor.empty() : tensor<12xf32>
    %9 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%7 : tensor<12xf32>) outs(%8 : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %83 = arith.subf %in, %cst_3 : f32
      linalg.yield %83 : f32
    } -> tensor<12xf32>
    %10 = tensor.empty() : tensor<5xf32>
    %11 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%10 : tensor<5xf32>) {
    ^bb0(%out: f32):
      %83 = linalg.index 0 : index
      %84 = arith.index_cast %83 : index to i32
      %85 = arith.sitofp %84 : i32 to f32
      linalg.yield %85 : f32
    } -> tensor<5xf32>
    %12 = tensor.empty() : tensor<5x12xf32>
    %13 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%9 : tensor<12xf32>) outs(%12 : tensor<5x12xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<5x12xf32>
    %14 = tensor.empty() : tensor<5x12xf32>
    %15 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%11 : tensor<5xf32>) outs(%14 : tensor<5x12xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<5x12xf32>
    %16 = tensor.empty() : tensor<5x12xf32>
    %17 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%13, %15 : tensor<5x12xf32>, tensor<5x12xf32>) outs(%16 : tensor<5x12xf32>) {
    ^bb0(%in: f32, %in_8: f32, %out: f32):
      %83 = arith.subf %in, %in_8 : f32
      linalg.yield %83 : f32
    } -> tensor<5x12xf32>
    %18 = tensor.empty() : tensor<5x12xf32>
    %19 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%17 : tensor<5x12xf32>) outs(%18 : tensor<5x12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %83 = math.absf %in : f32
      linalg.yield %83 : f32
    } -> tensor<5x12xf32>
    %20 = tensor.empty() : tensor<5x12xf32>
    %21 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<f32>) outs(%20 : tensor<5x12xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<5x12xf32>
    %22 = tensor.empty() : tensor<5x12xf32>
    %23 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%19, %21 : tensor<5x12xf32>, tensor<5x12xf32>) outs(%22 : tensor<5x12xf32>) {
    ^bb0(%in: f32, %in_8: f32, %out: f32):
      %83 = arith.divf %in, %in_8 : f32
      linalg.yield %83 : f32
    } -> tensor<5x12xf32>
    %24 = tensor.empty() : tensor<5x12xf32>
    %25 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%23 : tensor<5x12xf32>) outs(%24 : tensor<5x12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %83 = math.absf %in : f32
      linalg.yield %83 : f32
    } -> tensor<5x12xf32>
    %26 = tensor.empty() : tensor<5x12xf32>
    %27 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%25 : tensor<5x12xf32>) outs(%26 : tensor<5x12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %83 = arith.subf %cst_4, %in : f32
      linalg.yield %83 : f32
    } -> tensor<5x12xf32>
    %28 = tensor.empty() : tensor<5x12xf32>
    %29 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%27 : tensor<5x12xf32>) outs(%28 : tensor<5x12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %83 = arith.maximumf %in, %cst_2 : f32
      linalg.yield %83 : f32
    } -> tensor<5x12xf32>
    %30 = tensor.empty() : tensor<12xf32>
    %31 = linalg.fill ins(%cst_2 : f32) outs(%30 : tensor<12xf32>) -> tensor<12xf32>
    %32 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%29 : tensor<5x12xf32>) outs(%31 : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %83 = arith.addf %out, %in : f32
      linalg.yield %83 : f32
    } -> tensor<12xf32>
    %33 = tensor.empty() : tensor<1x12xf32>
    %34 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%32 : tensor<12xf32>) outs(%33 : tensor<1x12xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x12xf32>
    %35 = tensor.empty() : tensor<12xf32>
    %36 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%32 : tensor<12xf32>) outs(%35 : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %83 = math.absf %in : f32
      linalg.yield %83 : f32
    } -> tensor<12xf32>
    %37 = tensor.empty() : tensor<1x12xf32>
    %38 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%36 : tensor<12xf32>) outs(%37 : tensor<1x12xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x12xf32>
    %39 = tensor.empty() : tensor<1x12xi1>
    %40 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%38 : tensor<1x12xf32>) outs(%39 : tensor<1x12xi1>) {
    ^bb0(%in: f32, %out: i1):
      %83 = arith.cmpf ogt, %in, %cst_1 : f32
      linalg.yield %83 : i1
    } -> tensor<1x12xi1>
    %41 = tensor.empty() : tensor<1x12xi1>
    %42 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%34 : tensor<1x12xf32>) outs(%41 : tensor<1x12xi1>) {
    ^bb0(%in: f32, %out: i1):
      %83 = arith.cmpf une, %in, %cst_2 : f32
      linalg.yield %83 : i1
    } -> tensor<1x12xi1>
    %43 = tensor.empty() : tensor<f32>
    %44 = linalg.generic {indexing_maps = [affine_map<() -> ()>], iterator_types = []} outs(%43 : tensor<f32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_4 : f32
    } -> tensor<f32>
    %45 = tensor.empty() : tensor<1x12xf32>
    %46 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%44 : tensor<f32>) outs(%45 : tensor<1x12xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x12xf32>
    %47 = tensor.empty() : tensor<1x12xf32>
    %48 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%42, %34, %46 : tensor<1x12xi1>, tensor<1x12xf32>, tensor<1x12xf32>) outs(%47 : tensor<1x12xf32>) {
    ^bb0(%in: i1, %in_8: f32, %in_9: f32, %out: f32):
      %83 = arith.select %in, %in_8, %in_9 : f32
      linalg.yield %83 : f32
    } -> tensor<1x12xf32>
    %49 = tensor.empty() : tensor<5x12xf32>
    %50 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%48 : tensor<1x12xf32>) outs(%49 : tensor<5x12xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<5x12xf32>
    %51 = tensor.empty() : tensor<5x12xf32>
    %52 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%29, %50 : tensor<5x12xf32>, tensor<5x12xf32>) outs(%51 : tensor<5x12xf32>) {
    ^bb0(%in: f32, %in_8: f32, %out: f32):
      %83 = arith.divf %in, %in_8 : f32
      linalg.yield %83 : f32
    } -> tensor<5x12xf32>
    %53 = tensor.empty() : tensor<f32>
    %54 = linalg.generic {indexing_maps = [affine_map<() -> ()>], iterator_types = []} outs(%53 : tensor<f32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_2 : f32
    } -> tensor<f32>
    %55 = tensor.empty() : tensor<5x12xi1>
    %56 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%40 : tensor<1x12xi1>) outs(%55 : tensor<5x12xi1>) {
    ^bb0(%in: i1, %out: i1):
      linalg.yield %in : i1
    } -> tensor<5x12xi1>
    %57 = tensor.empty() : tensor<5x12xf32>
    %58 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%54 : tensor<f32>) outs(%57 : tensor<5x12xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<5x12xf32>
    %59 = tensor.empty() : tensor<5x12xf32>
    %60 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%56, %52, %58 : tensor<5x12xi1>, tensor<5x12xf32>, tensor<5x12xf32>) outs(%59 : tensor<5x12xf32>) {
    ^bb0(%in: i1, %in_8: f32, %in_9: f32, %out: f32):
      %83 = arith.select %in, %in_8, %in_9 : f32
      linalg.yield %83 : f32
    } -> tensor<5x12xf32>
    %61 = tensor.empty() : tensor<12xi1>
    %62 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%9 : tensor<12xf32>) outs(%61 : tensor<12xi1>) {
    ^bb0(%in: f32, %out: i1):
      %83 = arith.cmpf oge, %in, %cst_0 : f32
      linalg.yield %83 : i1
    } -> tensor<12xi1>
    %63 = tensor.empty() : tensor<12xi1>
    %64 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%9 : tensor<12xf32>) outs(%63 : tensor<12xi1>) {
    ^bb0(%in: f32, %out: i1):
      %83 = arith.cmpf ole, %in, %cst : f32
      linalg.yield %83 : i1
    } -> tensor<12xi1>
    %65 = tensor.empty() : tensor<12xi1>
    %66 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%62, %64 : tensor<12xi1>, tensor<12xi1>) outs(%65 : tensor<12xi1>) {
    ^bb0(%in: i1, %in_8: i1, %out: i1):
      %83 = arith.andi %in, %in_8 : i1
      linalg.yield %83 : i1
    } -> tensor<12xi1>
    %67 = tensor.empty() : tensor<5x12xi1>
    %68 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%66 : tensor<12xi1>) outs(%67 : tensor<5x12xi1>) {
    ^bb0(%in: i1, %out: i1):
      linalg.yield %in : i1
    } -> tensor<5x12xi1>
    %69 = tensor.empty() : tensor<5x12xf32>
    %70 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%68, %60, %58 : tensor<5x12xi1>, tensor<5x12xf32>, tensor<5x12xf32>) outs(%69 : tensor<5x12xf32>) {
    ^bb0(%in: i1, %in_8: f32, %in_9: f32, %out: f32):
      %83 = arith.select %in, %in_8, %in_9 : f32
      linalg.yield %83 : f32
    } -> tensor<5x12xf32>
    %71 = tensor.empty() : tensor<12x5xf32>
    %72 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%70 : tensor<5x12xf32>) outs(%71 : tensor<12x5xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<12x5xf32>
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2, 3]] : tensor<1x5x5x4xf32> into tensor<5x20xf32>
    %73 = tensor.empty() : tensor<12x20xf32>
    %74 = linalg.fill ins(%cst_2 : f32) outs(%73 : tensor<12x20xf32>) -> tensor<12x20xf32>
    %75 = linalg.matmul ins(%72, %collapsed : tensor<12x5xf32>, tensor<5x20xf32>) outs(%74 : tensor<12x20xf32>) -> tensor<12x20xf32>
    %expanded = tensor.expand_shape %75 [[0], [1, 2, 3]] output_shape [12, 1, 5, 4] : tensor<12x20xf32> into tensor<12x1x5x4xf32>
    %76 = tensor.empty() : tensor<12x1x4x5xf32>
    %77 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded : tensor<12x1x5x4xf32>) outs(%76 : tensor<12x1x4x5xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<12x1x4x5xf32>
    %collapsed_6 = tensor.collapse_shape %77 [[0, 1, 2], [3]] : tensor<12x1x4x5xf32> into tensor<48x5xf32>
    %78 = tensor.empty() : tensor<48x12xf32>
    %79 = linalg.fill ins(%cst_2 : f32) outs(%78 : tensor<48x12xf32>) -> tensor<48x12xf32>
    %80 = linalg.matmul ins(%collapsed_6, %70 : tensor<48x5xf32>, tensor<5x12xf32>) outs(%79 : tensor<48x12xf32>) -> tensor<48x12xf32>
    %expanded_7 = tensor.expand_shape %80 [[0, 1, 2], [3]] output_shape [12, 1, 4, 12] : tensor<48x12xf32> into tensor<12x1x4x12xf32>
    %81 = tensor.empty() : tensor<1x12x12x4xf32>
    %82 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1, d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_7 : tensor<12x1x4x12xf32>) outs(%81 : tensor<1x12x12x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x12x12x4xf32>
    func.return %82 : tensor<1x12x12x4xf32>
  }
}