// bench/model_zoo.py's masked_attention exported by torch-mlir's FX importer to TOSA
// (fx.export_and_import(..., output_type=OutputType.TOSA)).
module {
  func.func @main(%arg0: tensor<2x4x17x16xf32>, %arg1: tensor<2x4x17x16xf32>, %arg2: tensor<2x4x17x16xf32>, %arg3: tensor<1x1x17x17xi1>) -> tensor<2x4x17x16xf32> {
    %0 = tosa.const_shape  {values = dense<[8, 17, 16]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %1 = tosa.const_shape  {values = dense<[8, 16, 17]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %2 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %3 = tosa.const_shape  {values = dense<[2, 4, 17, 17]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %5 = tosa.const_shape  {values = dense<[8, 17, 17]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %6 = tosa.const_shape  {values = dense<[2, 4, 17, 16]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %7 = "tosa.const"() <{values = dense<1.250000e-01> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
    %8 = "tosa.const"() <{values = dense<0xFF800000> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
    %9 = tosa.transpose %arg1 {perms = array<i32: 0, 1, 3, 2>} : (tensor<2x4x17x16xf32>) -> tensor<2x4x16x17xf32>
    %10 = tosa.reshape %arg0, %0 : (tensor<2x4x17x16xf32>, !tosa.shape<3>) -> tensor<8x17x16xf32>
    %11 = tosa.reshape %9, %1 : (tensor<2x4x16x17xf32>, !tosa.shape<3>) -> tensor<8x16x17xf32>
    %12 = tosa.matmul %10, %11, %2, %2 : (tensor<8x17x16xf32>, tensor<8x16x17xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<8x17x17xf32>
    %13 = tosa.reshape %12, %3 : (tensor<8x17x17xf32>, !tosa.shape<4>) -> tensor<2x4x17x17xf32>
    %14 = tosa.mul %13, %7, %4 : (tensor<2x4x17x17xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<2x4x17x17xf32>
    %15 = tosa.select %arg3, %8, %14 : (tensor<1x1x17x17xi1>, tensor<1x1x1x1xf32>, tensor<2x4x17x17xf32>) -> tensor<2x4x17x17xf32>
    %16 = tosa.reduce_max %15 {axis = 3 : i32} : (tensor<2x4x17x17xf32>) -> tensor<2x4x17x1xf32>
    %17 = tosa.sub %15, %16 : (tensor<2x4x17x17xf32>, tensor<2x4x17x1xf32>) -> tensor<2x4x17x17xf32>
    %18 = tosa.exp %17 : (tensor<2x4x17x17xf32>) -> tensor<2x4x17x17xf32>
    %19 = tosa.reduce_sum %18 {axis = 3 : i32} : (tensor<2x4x17x17xf32>) -> tensor<2x4x17x1xf32>
    %20 = tosa.reciprocal %19 : (tensor<2x4x17x1xf32>) -> tensor<2x4x17x1xf32>
    %21 = tosa.mul %18, %20, %4 : (tensor<2x4x17x17xf32>, tensor<2x4x17x1xf32>, tensor<1xi8>) -> tensor<2x4x17x17xf32>
    %22 = tosa.reshape %21, %5 : (tensor<2x4x17x17xf32>, !tosa.shape<3>) -> tensor<8x17x17xf32>
    %23 = tosa.reshape %arg2, %0 : (tensor<2x4x17x16xf32>, !tosa.shape<3>) -> tensor<8x17x16xf32>
    %24 = tosa.matmul %22, %23, %2, %2 : (tensor<8x17x17xf32>, tensor<8x17x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<8x17x16xf32>
    %25 = tosa.reshape %24, %6 : (tensor<8x17x16xf32>, !tosa.shape<4>) -> tensor<2x4x17x16xf32>
    return %25 : tensor<2x4x17x16xf32>
  }
}
