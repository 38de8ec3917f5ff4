// bench/jax_zoo.py's int8_matmul: jax.jit(f).lower(...), then iree-compile
// --iree-input-type=stablehlo --compile-to=input (util.func and util.return
// renamed to func.func and func.return).
module @jit_f {
  func.func public @main(%arg0: tensor<8x16xf32>, %arg1: tensor<16x12xi8>) -> tensor<8x12xf32> {
    %cst = arith.constant 1.270000e+02 : f32
    %cst_0 = arith.constant -1.280000e+02 : f32
    %cst_1 = arith.constant 0.000000e+00 : f32
    %cst_2 = arith.constant 1.000000e+00 : f32
    %c3_i32 = arith.constant 3 : i32
    %c2_i32 = arith.constant 2 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_3 = arith.constant 1.600000e+01 : f32
    %0 = tensor.empty() : tensor<8x16xf32>
    %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<8x16xf32>) outs(%0 : tensor<8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %43 = arith.mulf %in, %cst_3 : f32
      linalg.yield %43 : f32
    } -> tensor<8x16xf32>
    %2 = tensor.empty() : tensor<8x16xf32>
    %3 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<8x16xf32>) outs(%2 : tensor<8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %43 = math.roundeven %in : f32
      linalg.yield %43 : f32
    } -> tensor<8x16xf32>
    %4 = tensor.empty() : tensor<f32>
    %5 = linalg.generic {indexing_maps = [affine_map<() -> ()>], iterator_types = []} outs(%4 : tensor<f32>) {
    ^bb0(%out: f32):
      linalg.yield %cst_0 : f32
    } -> tensor<f32>
    %6 = tensor.empty() : tensor<8x16xf32>
    %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<f32>) outs(%6 : tensor<8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x16xf32>
    %8 = tensor.empty() : tensor<8x16xf32>
    %9 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%7, %3 : tensor<8x16xf32>, tensor<8x16xf32>) outs(%8 : tensor<8x16xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %43 = arith.maximumf %in, %in_4 : f32
      linalg.yield %43 : f32
    } -> tensor<8x16xf32>
    %10 = tensor.empty() : tensor<f32>
    %11 = linalg.generic {indexing_maps = [affine_map<() -> ()>], iterator_types = []} outs(%10 : tensor<f32>) {
    ^bb0(%out: f32):
      linalg.yield %cst : f32
    } -> tensor<f32>
    %12 = tensor.empty() : tensor<8x16xf32>
    %13 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%11 : tensor<f32>) outs(%12 : tensor<8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x16xf32>
    %14 = tensor.empty() : tensor<8x16xf32>
    %15 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%13, %9 : tensor<8x16xf32>, tensor<8x16xf32>) outs(%14 : tensor<8x16xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %43 = arith.minimumf %in, %in_4 : f32
      linalg.yield %43 : f32
    } -> tensor<8x16xf32>
    %16 = tensor.empty() : tensor<8x16xi8>
    %17 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%15 : tensor<8x16xf32>) outs(%16 : tensor<8x16xi8>) {
    ^bb0(%in: f32, %out: i8):
      %43 = arith.fptosi %in : f32 to i8
      linalg.yield %43 : i8
    } -> tensor<8x16xi8>
    %18 = tensor.empty() : tensor<8x12xi32>
    %19 = linalg.fill ins(%c0_i32 : i32) outs(%18 : tensor<8x12xi32>) -> tensor<8x12xi32>
    %20 = linalg.matmul ins(%17, %arg1 : tensor<8x16xi8>, tensor<16x12xi8>) outs(%19 : tensor<8x12xi32>) -> tensor<8x12xi32>
    %21 = tensor.empty() : tensor<8x12xi32>
    %22 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%20 : tensor<8x12xi32>) outs(%21 : tensor<8x12xi32>) {
    ^bb0(%in: i32, %out: i32):
      %43 = arith.shrsi %in, %c2_i32 : i32
      linalg.yield %43 : i32
    } -> tensor<8x12xi32>
    %23 = tensor.empty() : tensor<8x12xf32>
    %24 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%22 : tensor<8x12xi32>) outs(%23 : tensor<8x12xf32>) {
    ^bb0(%in: i32, %out: f32):
      %43 = arith.sitofp %in : i32 to f32
      linalg.yield %43 : f32
    } -> tensor<8x12xf32>
    %25 = tensor.empty() : tensor<8x12xi32>
    %26 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%20 : tensor<8x12xi32>) outs(%25 : tensor<8x12xi32>) {
    ^bb0(%in: i32, %out: i32):
      %43 = arith.remsi %in, %c3_i32 : i32
      linalg.yield %43 : i32
    } -> tensor<8x12xi32>
    %27 = tensor.empty() : tensor<8x12xi1>
    %28 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%26 : tensor<8x12xi32>) outs(%27 : tensor<8x12xi1>) {
    ^bb0(%in: i32, %out: i1):
      %43 = arith.cmpi ne, %in, %c0_i32 : i32
      linalg.yield %43 : i1
    } -> tensor<8x12xi1>
    %29 = tensor.empty() : tensor<8x12xi1>
    %30 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%26 : tensor<8x12xi32>) outs(%29 : tensor<8x12xi1>) {
    ^bb0(%in: i32, %out: i1):
      %43 = arith.cmpi slt, %in, %c0_i32 : i32
      linalg.yield %43 : i1
    } -> tensor<8x12xi1>
    %31 = tensor.empty() : tensor<8x12xi1>
    %32 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%30, %28 : tensor<8x12xi1>, tensor<8x12xi1>) outs(%31 : tensor<8x12xi1>) {
    ^bb0(%in: i1, %in_4: i1, %out: i1):
      %43 = arith.andi %in, %in_4 : i1
      linalg.yield %43 : i1
    } -> tensor<8x12xi1>
    %33 = tensor.empty() : tensor<8x12xi32>
    %34 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%26 : tensor<8x12xi32>) outs(%33 : tensor<8x12xi32>) {
    ^bb0(%in: i32, %out: i32):
      %43 = arith.addi %in, %c3_i32 : i32
      linalg.yield %43 : i32
    } -> tensor<8x12xi32>
    %35 = tensor.empty() : tensor<8x12xi32>
    %36 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%32, %34, %26 : tensor<8x12xi1>, tensor<8x12xi32>, tensor<8x12xi32>) outs(%35 : tensor<8x12xi32>) {
    ^bb0(%in: i1, %in_4: i32, %in_5: i32, %out: i32):
      %43 = arith.select %in, %in_4, %in_5 : i32
      linalg.yield %43 : i32
    } -> tensor<8x12xi32>
    %37 = tensor.empty() : tensor<8x12xi1>
    %38 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%36 : tensor<8x12xi32>) outs(%37 : tensor<8x12xi1>) {
    ^bb0(%in: i32, %out: i1):
      %43 = arith.cmpi eq, %in, %c0_i32 : i32
      linalg.yield %43 : i1
    } -> tensor<8x12xi1>
    %39 = tensor.empty() : tensor<8x12xf32>
    %40 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%38 : tensor<8x12xi1>) outs(%39 : tensor<8x12xf32>) {
    ^bb0(%in: i1, %out: f32):
      %43 = arith.select %in, %cst_2, %cst_1 : f32
      linalg.yield %43 : f32
    } -> tensor<8x12xf32>
    %41 = tensor.empty() : tensor<8x12xf32>
    %42 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%24, %40 : tensor<8x12xf32>, tensor<8x12xf32>) outs(%41 : tensor<8x12xf32>) {
    ^bb0(%in: f32, %in_4: f32, %out: f32):
      %43 = arith.addf %in, %in_4 : f32
      linalg.yield %43 : f32
    } -> tensor<8x12xf32>
    func.return %42 : tensor<8x12xf32>
  }
}