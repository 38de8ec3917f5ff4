// bench/model_zoo.py's scalar_reductions exported by torch-mlir's FX importer to TOSA
// (fx.export_and_import(..., output_type=OutputType.TOSA)).
module {
  func.func @main(%arg0: tensor<13x7xf32>) -> (tensor<f32>, tensor<f32>, tensor<13xf32>, tensor<f32>, tensor<7xf32>) {
    %0 = tosa.const_shape  {values = dense<> : tensor<0xindex>} : () -> !tosa.shape<0>
    %1 = tosa.const_shape  {values = dense<13> : tensor<1xindex>} : () -> !tosa.shape<1>
    %2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %3 = tosa.const_shape  {values = dense<7> : tensor<1xindex>} : () -> !tosa.shape<1>
    %4 = "tosa.const"() <{values = dense<0.14285714285714285> : tensor<1x1xf64>}> : () -> tensor<1x1xf64>
    %5 = "tosa.const"() <{values = dense<0.16666666666666666> : tensor<1xf64>}> : () -> tensor<1xf64>
    %6 = "tosa.const"() <{values = dense<2.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %7 = "tosa.const"() <{values = dense<5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %8 = "tosa.const"() <{values = dense<0x7FF0000000000000> : tensor<1x1xf64>}> : () -> tensor<1x1xf64>
    %9 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %10 = tosa.reduce_sum %arg0 {axis = 0 : i32} : (tensor<13x7xf32>) -> tensor<1x7xf32>
    %11 = tosa.reduce_sum %10 {axis = 1 : i32} : (tensor<1x7xf32>) -> tensor<1x1xf32>
    %12 = tosa.reshape %11, %0 : (tensor<1x1xf32>, !tosa.shape<0>) -> tensor<f32>
    %13 = tosa.reduce_max %arg0 {axis = 1 : i32} : (tensor<13x7xf32>) -> tensor<13x1xf32>
    %14 = tosa.reshape %13, %1 : (tensor<13x1xf32>, !tosa.shape<1>) -> tensor<13xf32>
    %15 = tosa.reduce_max %14 {axis = 0 : i32} : (tensor<13xf32>) -> tensor<1xf32>
    %16 = tosa.reshape %15, %0 : (tensor<1xf32>, !tosa.shape<0>) -> tensor<f32>
    %17 = tosa.cast %arg0 : (tensor<13x7xf32>) -> tensor<13x7xf64>
    %18 = tosa.reduce_sum %17 {axis = 1 : i32} : (tensor<13x7xf64>) -> tensor<13x1xf64>
    %19 = tosa.mul %18, %4, %2 : (tensor<13x1xf64>, tensor<1x1xf64>, tensor<1xi8>) -> tensor<13x1xf64>
    %20 = tosa.sub %17, %19 : (tensor<13x7xf64>, tensor<13x1xf64>) -> tensor<13x7xf64>
    %21 = tosa.mul %20, %20, %2 : (tensor<13x7xf64>, tensor<13x7xf64>, tensor<1xi8>) -> tensor<13x7xf64>
    %22 = tosa.reduce_sum %21 {axis = 1 : i32} : (tensor<13x7xf64>) -> tensor<13x1xf64>
    %23 = tosa.reshape %22, %1 : (tensor<13x1xf64>, !tosa.shape<1>) -> tensor<13xf64>
    %24 = tosa.mul %23, %5, %2 : (tensor<13xf64>, tensor<1xf64>, tensor<1xi8>) -> tensor<13xf64>
    %25 = tosa.cast %24 : (tensor<13xf64>) -> tensor<13xf32>
    %26 = tosa.abs %arg0 : (tensor<13x7xf32>) -> tensor<13x7xf32>
    %27 = tosa.pow %26, %6 : (tensor<13x7xf32>, tensor<1x1xf32>) -> tensor<13x7xf32>
    %28 = tosa.reduce_sum %27 {axis = 0 : i32} : (tensor<13x7xf32>) -> tensor<1x7xf32>
    %29 = tosa.reduce_sum %28 {axis = 1 : i32} : (tensor<1x7xf32>) -> tensor<1x1xf32>
    %30 = tosa.reshape %29, %0 : (tensor<1x1xf32>, !tosa.shape<0>) -> tensor<f32>
    %31 = tosa.pow %30, %7 : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %32 = tosa.reduce_max %arg0 {axis = 0 : i32} : (tensor<13x7xf32>) -> tensor<1x7xf32>
    %33 = tosa.abs %32 : (tensor<1x7xf32>) -> tensor<1x7xf32>
    %34 = tosa.cast %33 : (tensor<1x7xf32>) -> tensor<1x7xf64>
    %35 = tosa.equal %34, %8 : (tensor<1x7xf64>, tensor<1x1xf64>) -> tensor<1x7xi1>
    %36 = tosa.select %35, %9, %32 : (tensor<1x7xi1>, tensor<1x1xf32>, tensor<1x7xf32>) -> tensor<1x7xf32>
    %37 = tosa.reshape %36, %3 : (tensor<1x7xf32>, !tosa.shape<1>) -> tensor<7xf32>
    %38 = tosa.sub %arg0, %36 : (tensor<13x7xf32>, tensor<1x7xf32>) -> tensor<13x7xf32>
    %39 = tosa.exp %38 : (tensor<13x7xf32>) -> tensor<13x7xf32>
    %40 = tosa.reduce_sum %39 {axis = 0 : i32} : (tensor<13x7xf32>) -> tensor<1x7xf32>
    %41 = tosa.reshape %40, %3 : (tensor<1x7xf32>, !tosa.shape<1>) -> tensor<7xf32>
    %42 = tosa.log %41 : (tensor<7xf32>) -> tensor<7xf32>
    %43 = tosa.add %42, %37 : (tensor<7xf32>, tensor<7xf32>) -> tensor<7xf32>
    return %12, %16, %25, %31, %43 : tensor<f32>, tensor<f32>, tensor<13xf32>, tensor<f32>, tensor<7xf32>
  }
}
