// bench/model_zoo.py's sdpa_attention exported by torch-mlir's FX importer to TOSA
// (fx.export_and_import(..., output_type=OutputType.TOSA)).
module {
  func.func @main(%arg0: tensor<1x2x24x16xf32>, %arg1: tensor<1x2x24x16xf32>, %arg2: tensor<1x2x24x16xf32>) -> tensor<1x2x24x16xf32> {
    %0 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1x2x24x24xf32>}> : () -> tensor<1x2x24x24xf32>
    %1 = "tosa.const"() <{values = dense<true> : tensor<24x24xi1>}> : () -> tensor<24x24xi1>
    %2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %3 = "tosa.const"() <{values = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]> : tensor<24xi64>}> : () -> tensor<24xi64>
    %4 = tosa.const_shape  {values = dense<[1, 24]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %5 = tosa.const_shape  {values = dense<[24, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %6 = tosa.const_shape  {values = dense<[2, 24, 16]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %7 = tosa.const_shape  {values = dense<[2, 16, 24]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %8 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %9 = tosa.const_shape  {values = dense<[1, 2, 24, 24]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %10 = tosa.const_shape  {values = dense<[1, 1, 24, 24]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %11 = tosa.const_shape  {values = dense<[2, 24, 24]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %12 = tosa.const_shape  {values = dense<[1, 2, 24, 16]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %13 = "tosa.const"() <{values = dense<5.000000e-01> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
    %14 = "tosa.const"() <{values = dense<0> : tensor<1x1xi64>}> : () -> tensor<1x1xi64>
    %15 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %16 = "tosa.const"() <{values = dense<0xFF800000> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %17 = "tosa.const"() <{values = dense<0xFFF0000000000000> : tensor<1x1x1x1xf64>}> : () -> tensor<1x1x1x1xf64>
    %18 = tosa.mul %arg0, %13, %2 : (tensor<1x2x24x16xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<1x2x24x16xf32>
    %19 = tosa.reshape %3, %4 : (tensor<24xi64>, !tosa.shape<2>) -> tensor<1x24xi64>
    %20 = tosa.reshape %3, %5 : (tensor<24xi64>, !tosa.shape<2>) -> tensor<24x1xi64>
    %21 = tosa.cast %20 : (tensor<24x1xi64>) -> tensor<24x1xi32>
    %22 = tosa.cast %19 : (tensor<1x24xi64>) -> tensor<1x24xi32>
    %23 = tosa.sub %22, %21 : (tensor<1x24xi32>, tensor<24x1xi32>) -> tensor<24x24xi32>
    %24 = tosa.cast %23 : (tensor<24x24xi32>) -> tensor<24x24xi64>
    %25 = tosa.greater_equal %14, %24 : (tensor<1x1xi64>, tensor<24x24xi64>) -> tensor<24x24xi1>
    %26 = tosa.logical_and %25, %1 : (tensor<24x24xi1>, tensor<24x24xi1>) -> tensor<24x24xi1>
    %27 = tosa.select %26, %15, %16 : (tensor<24x24xi1>, tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<24x24xf32>
    %28 = tosa.transpose %arg1 {perms = array<i32: 0, 1, 3, 2>} : (tensor<1x2x24x16xf32>) -> tensor<1x2x16x24xf32>
    %29 = tosa.mul %28, %13, %2 : (tensor<1x2x16x24xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<1x2x16x24xf32>
    %30 = tosa.reshape %18, %6 : (tensor<1x2x24x16xf32>, !tosa.shape<3>) -> tensor<2x24x16xf32>
    %31 = tosa.reshape %29, %7 : (tensor<1x2x16x24xf32>, !tosa.shape<3>) -> tensor<2x16x24xf32>
    %32 = tosa.matmul %30, %31, %8, %8 : (tensor<2x24x16xf32>, tensor<2x16x24xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x24x24xf32>
    %33 = tosa.reshape %32, %9 : (tensor<2x24x24xf32>, !tosa.shape<4>) -> tensor<1x2x24x24xf32>
    %34 = tosa.reshape %27, %10 : (tensor<24x24xf32>, !tosa.shape<4>) -> tensor<1x1x24x24xf32>
    %35 = tosa.add %33, %34 : (tensor<1x2x24x24xf32>, tensor<1x1x24x24xf32>) -> tensor<1x2x24x24xf32>
    %36 = tosa.reduce_max %35 {axis = 3 : i32} : (tensor<1x2x24x24xf32>) -> tensor<1x2x24x1xf32>
    %37 = tosa.sub %35, %36 : (tensor<1x2x24x24xf32>, tensor<1x2x24x1xf32>) -> tensor<1x2x24x24xf32>
    %38 = tosa.exp %37 : (tensor<1x2x24x24xf32>) -> tensor<1x2x24x24xf32>
    %39 = tosa.reduce_sum %38 {axis = 3 : i32} : (tensor<1x2x24x24xf32>) -> tensor<1x2x24x1xf32>
    %40 = tosa.reciprocal %39 : (tensor<1x2x24x1xf32>) -> tensor<1x2x24x1xf32>
    %41 = tosa.mul %38, %40, %2 : (tensor<1x2x24x24xf32>, tensor<1x2x24x1xf32>, tensor<1xi8>) -> tensor<1x2x24x24xf32>
    %42 = tosa.cast %35 : (tensor<1x2x24x24xf32>) -> tensor<1x2x24x24xf64>
    %43 = tosa.equal %42, %17 : (tensor<1x2x24x24xf64>, tensor<1x1x1x1xf64>) -> tensor<1x2x24x24xi1>
    %44 = tosa.reduce_all %43 {axis = 3 : i32} : (tensor<1x2x24x24xi1>) -> tensor<1x2x24x1xi1>
    %45 = tosa.select %44, %0, %41 : (tensor<1x2x24x1xi1>, tensor<1x2x24x24xf32>, tensor<1x2x24x24xf32>) -> tensor<1x2x24x24xf32>
    %46 = tosa.reshape %45, %11 : (tensor<1x2x24x24xf32>, !tosa.shape<3>) -> tensor<2x24x24xf32>
    %47 = tosa.reshape %arg2, %6 : (tensor<1x2x24x16xf32>, !tosa.shape<3>) -> tensor<2x24x16xf32>
    %48 = tosa.matmul %46, %47, %8, %8 : (tensor<2x24x24xf32>, tensor<2x24x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x24x16xf32>
    %49 = tosa.reshape %48, %12 : (tensor<2x24x16xf32>, !tosa.shape<4>) -> tensor<1x2x24x16xf32>
    return %49 : tensor<1x2x24x16xf32>
  }
}
