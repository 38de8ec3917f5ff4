#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> ()>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @main_graph(%arg0: tensor<15x17xf32>, %arg1: tensor<16xf32>) -> tensor<15x17xi64> {
    %cst = arith.constant 0.000000e+00 : f32
    %c16 = arith.constant 16 : index
    %true = arith.constant true
    %cst_0 = arith.constant dense<true> : tensor<15x17xi1>
    %cst_1 = arith.constant dense<true> : tensor<i1>
    %c0_i64 = arith.constant 0 : i64
    %c16_i64 = arith.constant 16 : i64
    %cst_2 = arith.constant dense<0> : tensor<15x17xi64>
    %cst_3 = arith.constant dense<16> : tensor<15x17xi64>
    %cst_4 = arith.constant dense<8> : tensor<15x17xi64>
    %cst_5 = arith.constant dense<9> : tensor<15x17xi64>
    %cst_6 = arith.constant dense<0> : tensor<i64>
    %cst_7 = arith.constant dense<2> : tensor<i64>
    %cst_8 = arith.constant dense<1> : tensor<i64>
    %cst_9 = arith.constant dense<8> : tensor<255xi64>
    %0 = tensor.empty() : tensor<255xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<255xf32>) -> tensor<255xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%cst_9 : tensor<255xi64>) outs(%1 : tensor<255xf32>) {
    ^bb0(%in: i64, %out: f32):
      %101 = arith.index_cast %in : i64 to index
      %102 = arith.cmpi slt, %101, %c16 : index
      cf.assert %102, "index must be smaller than dim size"
      %103 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %103, "index must be larger or equal to 0"
      %extracted = tensor.extract %arg1[%101] : tensor<16xf32>
      linalg.yield %extracted : f32
    } -> tensor<255xf32>
    %expanded = tensor.expand_shape %2 [[0, 1]] output_shape [15, 17] : tensor<255xf32> into tensor<15x17xf32>
    %3 = tensor.empty() : tensor<15x17xi1>
    %4 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%expanded, %arg0 : tensor<15x17xf32>, tensor<15x17xf32>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: f32, %in_21: f32, %out: i1):
      %101 = arith.cmpf oge, %in, %in_21 : f32
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %5 = tensor.empty() : tensor<15x17xi64>
    %6 = linalg.generic {indexing_maps = [#map1, #map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%4, %cst_2, %cst_5 : tensor<15x17xi1>, tensor<15x17xi64>, tensor<15x17xi64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i1, %in_21: i64, %in_22: i64, %out: i64):
      %101 = arith.select %in, %in_21, %in_22 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %7 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%4, %cst_0 : tensor<15x17xi1>, tensor<15x17xi1>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i1, %in_21: i1, %out: i1):
      %101 = arith.andi %in, %in_21 : i1
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %8 = linalg.generic {indexing_maps = [#map1, #map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%7, %cst_4, %cst_3 : tensor<15x17xi1>, tensor<15x17xi64>, tensor<15x17xi64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i1, %in_21: i64, %in_22: i64, %out: i64):
      %101 = arith.select %in, %in_21, %in_22 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %9 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%6, %8 : tensor<15x17xi64>, tensor<15x17xi64>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i64, %in_21: i64, %out: i1):
      %101 = arith.cmpi slt, %in, %in_21 : i64
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %10 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%8, %6 : tensor<15x17xi64>, tensor<15x17xi64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i64, %in_21: i64, %out: i64):
      %101 = arith.subi %in, %in_21 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %11 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%10, %cst_6 : tensor<15x17xi64>, tensor<i64>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i64, %in_21: i64, %out: i1):
      %101 = arith.cmpi slt, %in, %in_21 : i64
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %12 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%11, %cst_1 : tensor<15x17xi1>, tensor<i1>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i1, %in_21: i1, %out: i1):
      %101 = arith.cmpi eq, %in, %in_21 : i1
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %13 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%10, %cst_7 : tensor<15x17xi64>, tensor<i64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i64, %in_21: i64, %out: i64):
      %101 = arith.remsi %in, %in_21 : i64
      %102 = arith.cmpi ne, %101, %c0_i64 : i64
      %103 = arith.cmpi slt, %in_21, %c0_i64 : i64
      %104 = arith.cmpi slt, %101, %c0_i64 : i64
      %105 = arith.xori %103, %104 : i1
      %106 = arith.andi %102, %105 : i1
      %107 = arith.addi %101, %in_21 : i64
      %108 = arith.select %106, %107, %101 : i64
      linalg.yield %108 : i64
    } -> tensor<15x17xi64>
    %14 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<15x17xi64>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i64, %out: i1):
      %101 = arith.cmpi ne, %in, %c0_i64 : i64
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %15 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%12, %14 : tensor<15x17xi1>, tensor<15x17xi1>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i1, %in_21: i1, %out: i1):
      %101 = arith.andi %in, %in_21 : i1
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %16 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%15 : tensor<15x17xi1>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i1, %out: i64):
      %101 = arith.extui %in : i1 to i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %17 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%10, %cst_7 : tensor<15x17xi64>, tensor<i64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i64, %in_21: i64, %out: i64):
      %101 = arith.divsi %in, %in_21 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %18 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%17, %16 : tensor<15x17xi64>, tensor<15x17xi64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i64, %in_21: i64, %out: i64):
      %101 = arith.subi %in, %in_21 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %19 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%6, %18 : tensor<15x17xi64>, tensor<15x17xi64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i64, %in_21: i64, %out: i64):
      %101 = arith.addi %in, %in_21 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %20 = linalg.generic {indexing_maps = [#map1, #map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%9, %19, %cst_6 : tensor<15x17xi1>, tensor<15x17xi64>, tensor<i64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i1, %in_21: i64, %in_22: i64, %out: i64):
      %101 = arith.select %in, %in_21, %in_22 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %expanded_10 = tensor.expand_shape %20 [[0], [1, 2]] output_shape [15, 17, 1] : tensor<15x17xi64> into tensor<15x17x1xi64>
    %21 = tensor.empty() : tensor<15x17x1xi1>
    %22 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_10 : tensor<15x17x1xi64>) outs(%21 : tensor<15x17x1xi1>) {
    ^bb0(%in: i64, %out: i1):
      %101 = arith.cmpi slt, %in, %c0_i64 : i64
      linalg.yield %101 : i1
    } -> tensor<15x17x1xi1>
    %23 = tensor.empty() : tensor<15x17x1xi64>
    %24 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_10 : tensor<15x17x1xi64>) outs(%23 : tensor<15x17x1xi64>) {
    ^bb0(%in: i64, %out: i64):
      %101 = arith.addi %in, %c16_i64 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17x1xi64>
    %25 = linalg.generic {indexing_maps = [#map3, #map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%22, %24, %expanded_10 : tensor<15x17x1xi1>, tensor<15x17x1xi64>, tensor<15x17x1xi64>) outs(%23 : tensor<15x17x1xi64>) {
    ^bb0(%in: i1, %in_21: i64, %in_22: i64, %out: i64):
      %101 = arith.select %in, %in_21, %in_22 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17x1xi64>
    %collapsed = tensor.collapse_shape %25 [[0, 1, 2]] : tensor<15x17x1xi64> into tensor<255xi64>
    %26 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%collapsed : tensor<255xi64>) outs(%1 : tensor<255xf32>) {
    ^bb0(%in: i64, %out: f32):
      %101 = arith.index_cast %in : i64 to index
      %102 = arith.cmpi slt, %101, %c16 : index
      cf.assert %102, "index must be smaller than dim size"
      %103 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %103, "index must be larger or equal to 0"
      %extracted = tensor.extract %arg1[%101] : tensor<16xf32>
      linalg.yield %extracted : f32
    } -> tensor<255xf32>
    %expanded_11 = tensor.expand_shape %26 [[0, 1]] output_shape [15, 17] : tensor<255xf32> into tensor<15x17xf32>
    %27 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%expanded_11, %arg0 : tensor<15x17xf32>, tensor<15x17xf32>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: f32, %in_21: f32, %out: i1):
      %101 = arith.cmpf oge, %in, %in_21 : f32
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %28 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%27 : tensor<15x17xi1>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i1, %out: i1):
      %101 = arith.xori %in, %true : i1
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %29 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%28, %9 : tensor<15x17xi1>, tensor<15x17xi1>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i1, %in_21: i1, %out: i1):
      %101 = arith.andi %in, %in_21 : i1
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %30 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%20, %cst_8 : tensor<15x17xi64>, tensor<i64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i64, %in_21: i64, %out: i64):
      %101 = arith.addi %in, %in_21 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %31 = linalg.generic {indexing_maps = [#map1, #map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%29, %30, %6 : tensor<15x17xi1>, tensor<15x17xi64>, tensor<15x17xi64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i1, %in_21: i64, %in_22: i64, %out: i64):
      %101 = arith.select %in, %in_21, %in_22 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %32 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%27, %9 : tensor<15x17xi1>, tensor<15x17xi1>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i1, %in_21: i1, %out: i1):
      %101 = arith.andi %in, %in_21 : i1
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %33 = linalg.generic {indexing_maps = [#map1, #map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%32, %20, %8 : tensor<15x17xi1>, tensor<15x17xi64>, tensor<15x17xi64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i1, %in_21: i64, %in_22: i64, %out: i64):
      %101 = arith.select %in, %in_21, %in_22 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %34 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%31, %33 : tensor<15x17xi64>, tensor<15x17xi64>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i64, %in_21: i64, %out: i1):
      %101 = arith.cmpi slt, %in, %in_21 : i64
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %35 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%33, %31 : tensor<15x17xi64>, tensor<15x17xi64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i64, %in_21: i64, %out: i64):
      %101 = arith.subi %in, %in_21 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %36 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%35, %cst_6 : tensor<15x17xi64>, tensor<i64>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i64, %in_21: i64, %out: i1):
      %101 = arith.cmpi slt, %in, %in_21 : i64
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %37 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%36, %cst_1 : tensor<15x17xi1>, tensor<i1>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i1, %in_21: i1, %out: i1):
      %101 = arith.cmpi eq, %in, %in_21 : i1
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %38 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%35, %cst_7 : tensor<15x17xi64>, tensor<i64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i64, %in_21: i64, %out: i64):
      %101 = arith.remsi %in, %in_21 : i64
      %102 = arith.cmpi ne, %101, %c0_i64 : i64
      %103 = arith.cmpi slt, %in_21, %c0_i64 : i64
      %104 = arith.cmpi slt, %101, %c0_i64 : i64
      %105 = arith.xori %103, %104 : i1
      %106 = arith.andi %102, %105 : i1
      %107 = arith.addi %101, %in_21 : i64
      %108 = arith.select %106, %107, %101 : i64
      linalg.yield %108 : i64
    } -> tensor<15x17xi64>
    %39 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%38 : tensor<15x17xi64>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i64, %out: i1):
      %101 = arith.cmpi ne, %in, %c0_i64 : i64
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %40 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%37, %39 : tensor<15x17xi1>, tensor<15x17xi1>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i1, %in_21: i1, %out: i1):
      %101 = arith.andi %in, %in_21 : i1
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %41 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%40 : tensor<15x17xi1>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i1, %out: i64):
      %101 = arith.extui %in : i1 to i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %42 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%35, %cst_7 : tensor<15x17xi64>, tensor<i64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i64, %in_21: i64, %out: i64):
      %101 = arith.divsi %in, %in_21 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %43 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%42, %41 : tensor<15x17xi64>, tensor<15x17xi64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i64, %in_21: i64, %out: i64):
      %101 = arith.subi %in, %in_21 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %44 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%31, %43 : tensor<15x17xi64>, tensor<15x17xi64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i64, %in_21: i64, %out: i64):
      %101 = arith.addi %in, %in_21 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %45 = linalg.generic {indexing_maps = [#map1, #map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%34, %44, %cst_6 : tensor<15x17xi1>, tensor<15x17xi64>, tensor<i64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i1, %in_21: i64, %in_22: i64, %out: i64):
      %101 = arith.select %in, %in_21, %in_22 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %expanded_12 = tensor.expand_shape %45 [[0], [1, 2]] output_shape [15, 17, 1] : tensor<15x17xi64> into tensor<15x17x1xi64>
    %46 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_12 : tensor<15x17x1xi64>) outs(%21 : tensor<15x17x1xi1>) {
    ^bb0(%in: i64, %out: i1):
      %101 = arith.cmpi slt, %in, %c0_i64 : i64
      linalg.yield %101 : i1
    } -> tensor<15x17x1xi1>
    %47 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_12 : tensor<15x17x1xi64>) outs(%23 : tensor<15x17x1xi64>) {
    ^bb0(%in: i64, %out: i64):
      %101 = arith.addi %in, %c16_i64 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17x1xi64>
    %48 = linalg.generic {indexing_maps = [#map3, #map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%46, %47, %expanded_12 : tensor<15x17x1xi1>, tensor<15x17x1xi64>, tensor<15x17x1xi64>) outs(%23 : tensor<15x17x1xi64>) {
    ^bb0(%in: i1, %in_21: i64, %in_22: i64, %out: i64):
      %101 = arith.select %in, %in_21, %in_22 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17x1xi64>
    %collapsed_13 = tensor.collapse_shape %48 [[0, 1, 2]] : tensor<15x17x1xi64> into tensor<255xi64>
    %49 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%collapsed_13 : tensor<255xi64>) outs(%1 : tensor<255xf32>) {
    ^bb0(%in: i64, %out: f32):
      %101 = arith.index_cast %in : i64 to index
      %102 = arith.cmpi slt, %101, %c16 : index
      cf.assert %102, "index must be smaller than dim size"
      %103 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %103, "index must be larger or equal to 0"
      %extracted = tensor.extract %arg1[%101] : tensor<16xf32>
      linalg.yield %extracted : f32
    } -> tensor<255xf32>
    %expanded_14 = tensor.expand_shape %49 [[0, 1]] output_shape [15, 17] : tensor<255xf32> into tensor<15x17xf32>
    %50 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%expanded_14, %arg0 : tensor<15x17xf32>, tensor<15x17xf32>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: f32, %in_21: f32, %out: i1):
      %101 = arith.cmpf oge, %in, %in_21 : f32
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %51 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%50 : tensor<15x17xi1>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i1, %out: i1):
      %101 = arith.xori %in, %true : i1
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %52 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%51, %34 : tensor<15x17xi1>, tensor<15x17xi1>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i1, %in_21: i1, %out: i1):
      %101 = arith.andi %in, %in_21 : i1
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %53 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%45, %cst_8 : tensor<15x17xi64>, tensor<i64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i64, %in_21: i64, %out: i64):
      %101 = arith.addi %in, %in_21 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %54 = linalg.generic {indexing_maps = [#map1, #map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%52, %53, %31 : tensor<15x17xi1>, tensor<15x17xi64>, tensor<15x17xi64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i1, %in_21: i64, %in_22: i64, %out: i64):
      %101 = arith.select %in, %in_21, %in_22 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %55 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%50, %34 : tensor<15x17xi1>, tensor<15x17xi1>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i1, %in_21: i1, %out: i1):
      %101 = arith.andi %in, %in_21 : i1
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %56 = linalg.generic {indexing_maps = [#map1, #map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%55, %45, %33 : tensor<15x17xi1>, tensor<15x17xi64>, tensor<15x17xi64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i1, %in_21: i64, %in_22: i64, %out: i64):
      %101 = arith.select %in, %in_21, %in_22 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %57 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%54, %56 : tensor<15x17xi64>, tensor<15x17xi64>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i64, %in_21: i64, %out: i1):
      %101 = arith.cmpi slt, %in, %in_21 : i64
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %58 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%56, %54 : tensor<15x17xi64>, tensor<15x17xi64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i64, %in_21: i64, %out: i64):
      %101 = arith.subi %in, %in_21 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %59 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%58, %cst_6 : tensor<15x17xi64>, tensor<i64>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i64, %in_21: i64, %out: i1):
      %101 = arith.cmpi slt, %in, %in_21 : i64
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %60 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%59, %cst_1 : tensor<15x17xi1>, tensor<i1>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i1, %in_21: i1, %out: i1):
      %101 = arith.cmpi eq, %in, %in_21 : i1
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %61 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%58, %cst_7 : tensor<15x17xi64>, tensor<i64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i64, %in_21: i64, %out: i64):
      %101 = arith.remsi %in, %in_21 : i64
      %102 = arith.cmpi ne, %101, %c0_i64 : i64
      %103 = arith.cmpi slt, %in_21, %c0_i64 : i64
      %104 = arith.cmpi slt, %101, %c0_i64 : i64
      %105 = arith.xori %103, %104 : i1
      %106 = arith.andi %102, %105 : i1
      %107 = arith.addi %101, %in_21 : i64
      %108 = arith.select %106, %107, %101 : i64
      linalg.yield %108 : i64
    } -> tensor<15x17xi64>
    %62 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%61 : tensor<15x17xi64>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i64, %out: i1):
      %101 = arith.cmpi ne, %in, %c0_i64 : i64
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %63 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%60, %62 : tensor<15x17xi1>, tensor<15x17xi1>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i1, %in_21: i1, %out: i1):
      %101 = arith.andi %in, %in_21 : i1
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %64 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%63 : tensor<15x17xi1>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i1, %out: i64):
      %101 = arith.extui %in : i1 to i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %65 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%58, %cst_7 : tensor<15x17xi64>, tensor<i64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i64, %in_21: i64, %out: i64):
      %101 = arith.divsi %in, %in_21 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %66 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%65, %64 : tensor<15x17xi64>, tensor<15x17xi64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i64, %in_21: i64, %out: i64):
      %101 = arith.subi %in, %in_21 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %67 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%54, %66 : tensor<15x17xi64>, tensor<15x17xi64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i64, %in_21: i64, %out: i64):
      %101 = arith.addi %in, %in_21 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %68 = linalg.generic {indexing_maps = [#map1, #map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%57, %67, %cst_6 : tensor<15x17xi1>, tensor<15x17xi64>, tensor<i64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i1, %in_21: i64, %in_22: i64, %out: i64):
      %101 = arith.select %in, %in_21, %in_22 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %expanded_15 = tensor.expand_shape %68 [[0], [1, 2]] output_shape [15, 17, 1] : tensor<15x17xi64> into tensor<15x17x1xi64>
    %69 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_15 : tensor<15x17x1xi64>) outs(%21 : tensor<15x17x1xi1>) {
    ^bb0(%in: i64, %out: i1):
      %101 = arith.cmpi slt, %in, %c0_i64 : i64
      linalg.yield %101 : i1
    } -> tensor<15x17x1xi1>
    %70 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_15 : tensor<15x17x1xi64>) outs(%23 : tensor<15x17x1xi64>) {
    ^bb0(%in: i64, %out: i64):
      %101 = arith.addi %in, %c16_i64 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17x1xi64>
    %71 = linalg.generic {indexing_maps = [#map3, #map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%69, %70, %expanded_15 : tensor<15x17x1xi1>, tensor<15x17x1xi64>, tensor<15x17x1xi64>) outs(%23 : tensor<15x17x1xi64>) {
    ^bb0(%in: i1, %in_21: i64, %in_22: i64, %out: i64):
      %101 = arith.select %in, %in_21, %in_22 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17x1xi64>
    %collapsed_16 = tensor.collapse_shape %71 [[0, 1, 2]] : tensor<15x17x1xi64> into tensor<255xi64>
    %72 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%collapsed_16 : tensor<255xi64>) outs(%1 : tensor<255xf32>) {
    ^bb0(%in: i64, %out: f32):
      %101 = arith.index_cast %in : i64 to index
      %102 = arith.cmpi slt, %101, %c16 : index
      cf.assert %102, "index must be smaller than dim size"
      %103 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %103, "index must be larger or equal to 0"
      %extracted = tensor.extract %arg1[%101] : tensor<16xf32>
      linalg.yield %extracted : f32
    } -> tensor<255xf32>
    %expanded_17 = tensor.expand_shape %72 [[0, 1]] output_shape [15, 17] : tensor<255xf32> into tensor<15x17xf32>
    %73 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%expanded_17, %arg0 : tensor<15x17xf32>, tensor<15x17xf32>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: f32, %in_21: f32, %out: i1):
      %101 = arith.cmpf oge, %in, %in_21 : f32
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %74 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%73 : tensor<15x17xi1>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i1, %out: i1):
      %101 = arith.xori %in, %true : i1
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %75 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%74, %57 : tensor<15x17xi1>, tensor<15x17xi1>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i1, %in_21: i1, %out: i1):
      %101 = arith.andi %in, %in_21 : i1
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %76 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%68, %cst_8 : tensor<15x17xi64>, tensor<i64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i64, %in_21: i64, %out: i64):
      %101 = arith.addi %in, %in_21 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %77 = linalg.generic {indexing_maps = [#map1, #map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%75, %76, %54 : tensor<15x17xi1>, tensor<15x17xi64>, tensor<15x17xi64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i1, %in_21: i64, %in_22: i64, %out: i64):
      %101 = arith.select %in, %in_21, %in_22 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %78 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%73, %57 : tensor<15x17xi1>, tensor<15x17xi1>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i1, %in_21: i1, %out: i1):
      %101 = arith.andi %in, %in_21 : i1
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %79 = linalg.generic {indexing_maps = [#map1, #map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%78, %68, %56 : tensor<15x17xi1>, tensor<15x17xi64>, tensor<15x17xi64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i1, %in_21: i64, %in_22: i64, %out: i64):
      %101 = arith.select %in, %in_21, %in_22 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %80 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%77, %79 : tensor<15x17xi64>, tensor<15x17xi64>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i64, %in_21: i64, %out: i1):
      %101 = arith.cmpi slt, %in, %in_21 : i64
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %81 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%79, %77 : tensor<15x17xi64>, tensor<15x17xi64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i64, %in_21: i64, %out: i64):
      %101 = arith.subi %in, %in_21 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %82 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%81, %cst_6 : tensor<15x17xi64>, tensor<i64>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i64, %in_21: i64, %out: i1):
      %101 = arith.cmpi slt, %in, %in_21 : i64
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %83 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%82, %cst_1 : tensor<15x17xi1>, tensor<i1>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i1, %in_21: i1, %out: i1):
      %101 = arith.cmpi eq, %in, %in_21 : i1
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %84 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%81, %cst_7 : tensor<15x17xi64>, tensor<i64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i64, %in_21: i64, %out: i64):
      %101 = arith.remsi %in, %in_21 : i64
      %102 = arith.cmpi ne, %101, %c0_i64 : i64
      %103 = arith.cmpi slt, %in_21, %c0_i64 : i64
      %104 = arith.cmpi slt, %101, %c0_i64 : i64
      %105 = arith.xori %103, %104 : i1
      %106 = arith.andi %102, %105 : i1
      %107 = arith.addi %101, %in_21 : i64
      %108 = arith.select %106, %107, %101 : i64
      linalg.yield %108 : i64
    } -> tensor<15x17xi64>
    %85 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%84 : tensor<15x17xi64>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i64, %out: i1):
      %101 = arith.cmpi ne, %in, %c0_i64 : i64
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %86 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%83, %85 : tensor<15x17xi1>, tensor<15x17xi1>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i1, %in_21: i1, %out: i1):
      %101 = arith.andi %in, %in_21 : i1
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %87 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%86 : tensor<15x17xi1>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i1, %out: i64):
      %101 = arith.extui %in : i1 to i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %88 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%81, %cst_7 : tensor<15x17xi64>, tensor<i64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i64, %in_21: i64, %out: i64):
      %101 = arith.divsi %in, %in_21 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %89 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%88, %87 : tensor<15x17xi64>, tensor<15x17xi64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i64, %in_21: i64, %out: i64):
      %101 = arith.subi %in, %in_21 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %90 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%77, %89 : tensor<15x17xi64>, tensor<15x17xi64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i64, %in_21: i64, %out: i64):
      %101 = arith.addi %in, %in_21 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %91 = linalg.generic {indexing_maps = [#map1, #map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%80, %90, %cst_6 : tensor<15x17xi1>, tensor<15x17xi64>, tensor<i64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i1, %in_21: i64, %in_22: i64, %out: i64):
      %101 = arith.select %in, %in_21, %in_22 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %expanded_18 = tensor.expand_shape %91 [[0], [1, 2]] output_shape [15, 17, 1] : tensor<15x17xi64> into tensor<15x17x1xi64>
    %92 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_18 : tensor<15x17x1xi64>) outs(%21 : tensor<15x17x1xi1>) {
    ^bb0(%in: i64, %out: i1):
      %101 = arith.cmpi slt, %in, %c0_i64 : i64
      linalg.yield %101 : i1
    } -> tensor<15x17x1xi1>
    %93 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_18 : tensor<15x17x1xi64>) outs(%23 : tensor<15x17x1xi64>) {
    ^bb0(%in: i64, %out: i64):
      %101 = arith.addi %in, %c16_i64 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17x1xi64>
    %94 = linalg.generic {indexing_maps = [#map3, #map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%92, %93, %expanded_18 : tensor<15x17x1xi1>, tensor<15x17x1xi64>, tensor<15x17x1xi64>) outs(%23 : tensor<15x17x1xi64>) {
    ^bb0(%in: i1, %in_21: i64, %in_22: i64, %out: i64):
      %101 = arith.select %in, %in_21, %in_22 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17x1xi64>
    %collapsed_19 = tensor.collapse_shape %94 [[0, 1, 2]] : tensor<15x17x1xi64> into tensor<255xi64>
    %95 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%collapsed_19 : tensor<255xi64>) outs(%1 : tensor<255xf32>) {
    ^bb0(%in: i64, %out: f32):
      %101 = arith.index_cast %in : i64 to index
      %102 = arith.cmpi slt, %101, %c16 : index
      cf.assert %102, "index must be smaller than dim size"
      %103 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %103, "index must be larger or equal to 0"
      %extracted = tensor.extract %arg1[%101] : tensor<16xf32>
      linalg.yield %extracted : f32
    } -> tensor<255xf32>
    %expanded_20 = tensor.expand_shape %95 [[0, 1]] output_shape [15, 17] : tensor<255xf32> into tensor<15x17xf32>
    %96 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%expanded_20, %arg0 : tensor<15x17xf32>, tensor<15x17xf32>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: f32, %in_21: f32, %out: i1):
      %101 = arith.cmpf oge, %in, %in_21 : f32
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %97 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%96 : tensor<15x17xi1>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i1, %out: i1):
      %101 = arith.xori %in, %true : i1
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %98 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%97, %80 : tensor<15x17xi1>, tensor<15x17xi1>) outs(%3 : tensor<15x17xi1>) {
    ^bb0(%in: i1, %in_21: i1, %out: i1):
      %101 = arith.andi %in, %in_21 : i1
      linalg.yield %101 : i1
    } -> tensor<15x17xi1>
    %99 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%91, %cst_8 : tensor<15x17xi64>, tensor<i64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i64, %in_21: i64, %out: i64):
      %101 = arith.addi %in, %in_21 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    %100 = linalg.generic {indexing_maps = [#map1, #map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%98, %99, %77 : tensor<15x17xi1>, tensor<15x17xi64>, tensor<15x17xi64>) outs(%5 : tensor<15x17xi64>) {
    ^bb0(%in: i1, %in_21: i64, %in_22: i64, %out: i64):
      %101 = arith.select %in, %in_21, %in_22 : i64
      linalg.yield %101 : i64
    } -> tensor<15x17xi64>
    return %100 : tensor<15x17xi64>
  }
}
