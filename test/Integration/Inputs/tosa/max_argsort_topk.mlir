// bench/model_zoo.py --tosa's max_argsort_topk (torch.max with indices, topk,
// argsort) through torch-mlir 20261001's TOSA output: its tosa.scatter ops,
// which upstream's TOSA to linalg conversion leaves, become loops (it
// matched PyTorch on the same inputs).
module {
  func.func @main(%arg0: tensor<3x17xf32>) -> (tensor<3xf32>, tensor<3xi64>, tensor<3x17xi64>, tensor<3x5xf32>, tensor<3x5xi64>) {
    %0 = tosa.const_shape  {values = dense<3> : tensor<1xindex>} : () -> !tosa.shape<1>
    %1 = tosa.const_shape  {values = dense<[3, 17, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %2 = "tosa.const"() <{values = dense<0xFF800000> : tensor<3x17x1xf32>}> : () -> tensor<3x17x1xf32>
    %3 = "tosa.const"() <{values = dense<0> : tensor<3x17x1xi8>}> : () -> tensor<3x17x1xi8>
    %4 = "tosa.const"() <{values = dense<1> : tensor<3x17x1xi8>}> : () -> tensor<3x17x1xi8>
    %5 = "tosa.const"() <{values = dense<1> : tensor<3x1x1xi8>}> : () -> tensor<3x1x1xi8>
    %6 = "tosa.const"() <{values = dense<0> : tensor<3x17x1xi32>}> : () -> tensor<3x17x1xi32>
    %7 = "tosa.const"() <{values = dense<1> : tensor<3x1xi32>}> : () -> tensor<3x1xi32>
    %8 = tosa.const_shape  {values = dense<[3, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %9 = tosa.const_shape  {values = dense<[3, 1, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %10 = tosa.const_shape  {values = dense<[3, 5]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %11 = tosa.const_shape  {values = dense<[3, 17]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %12 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %13 = "tosa.const"() <{values = dense<true> : tensor<3x17x1xi1>}> : () -> tensor<3x17x1xi1>
    %14 = tosa.reduce_max %arg0 {axis = 1 : i32} : (tensor<3x17xf32>) -> tensor<3x1xf32>
    %15 = tosa.argmax %arg0 {axis = 1 : i32} : (tensor<3x17xf32>) -> tensor<3xi64>
    %16 = tosa.reshape %14, %0 : (tensor<3x1xf32>, !tosa.shape<1>) -> tensor<3xf32>
    %17 = tosa.reshape %arg0, %1 : (tensor<3x17xf32>, !tosa.shape<3>) -> tensor<3x17x1xf32>
    %18 = tosa.equal %17, %17 : (tensor<3x17x1xf32>, tensor<3x17x1xf32>) -> tensor<3x17x1xi1>
    %19 = tosa.logical_not %18 : (tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %20 = tosa.logical_and %18, %13 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %21 = tosa.logical_and %19, %13 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %22 = tosa.select %20, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %23 = tosa.argmax %22 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %24 = tosa.select %21, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %25 = tosa.argmax %24 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %26 = tosa.gather %24, %25 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %27 = tosa.reshape %26, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %28 = tosa.cast %27 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %29 = tosa.equal %28, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %30 = tosa.select %20, %17, %2 : (tensor<3x17x1xi1>, tensor<3x17x1xf32>, tensor<3x17x1xf32>) -> tensor<3x17x1xf32>
    %31 = tosa.argmax %30 {axis = 1 : i32} : (tensor<3x17x1xf32>) -> tensor<3x1xi32>
    %32 = tosa.gather %22, %31 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %33 = tosa.reshape %32, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %34 = tosa.cast %33 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %35 = tosa.equal %34, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %36 = tosa.select %35, %31, %23 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %37 = tosa.select %29, %25, %36 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %38 = tosa.gather %17, %37 : (tensor<3x17x1xf32>, tensor<3x1xi32>) -> tensor<3x1x1xf32>
    %39 = tosa.reshape %37, %9 : (tensor<3x1xi32>, !tosa.shape<3>) -> tensor<3x1x1xi32>
    %40 = tosa.scatter %3, %37, %5 : (tensor<3x17x1xi8>, tensor<3x1xi32>, tensor<3x1x1xi8>) -> tensor<3x17x1xi8>
    %41 = tosa.cast %40 : (tensor<3x17x1xi8>) -> tensor<3x17x1xi32>
    %42 = tosa.equal %41, %6 : (tensor<3x17x1xi32>, tensor<3x17x1xi32>) -> tensor<3x17x1xi1>
    %43 = tosa.logical_and %42, %18 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %44 = tosa.logical_and %42, %19 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %45 = tosa.select %43, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %46 = tosa.argmax %45 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %47 = tosa.select %44, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %48 = tosa.argmax %47 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %49 = tosa.gather %47, %48 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %50 = tosa.reshape %49, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %51 = tosa.cast %50 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %52 = tosa.equal %51, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %53 = tosa.select %43, %17, %2 : (tensor<3x17x1xi1>, tensor<3x17x1xf32>, tensor<3x17x1xf32>) -> tensor<3x17x1xf32>
    %54 = tosa.argmax %53 {axis = 1 : i32} : (tensor<3x17x1xf32>) -> tensor<3x1xi32>
    %55 = tosa.gather %45, %54 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %56 = tosa.reshape %55, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %57 = tosa.cast %56 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %58 = tosa.equal %57, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %59 = tosa.select %58, %54, %46 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %60 = tosa.select %52, %48, %59 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %61 = tosa.gather %17, %60 : (tensor<3x17x1xf32>, tensor<3x1xi32>) -> tensor<3x1x1xf32>
    %62 = tosa.reshape %60, %9 : (tensor<3x1xi32>, !tosa.shape<3>) -> tensor<3x1x1xi32>
    %63 = tosa.scatter %40, %60, %5 : (tensor<3x17x1xi8>, tensor<3x1xi32>, tensor<3x1x1xi8>) -> tensor<3x17x1xi8>
    %64 = tosa.cast %63 : (tensor<3x17x1xi8>) -> tensor<3x17x1xi32>
    %65 = tosa.equal %64, %6 : (tensor<3x17x1xi32>, tensor<3x17x1xi32>) -> tensor<3x17x1xi1>
    %66 = tosa.logical_and %65, %18 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %67 = tosa.logical_and %65, %19 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %68 = tosa.select %66, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %69 = tosa.argmax %68 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %70 = tosa.select %67, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %71 = tosa.argmax %70 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %72 = tosa.gather %70, %71 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %73 = tosa.reshape %72, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %74 = tosa.cast %73 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %75 = tosa.equal %74, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %76 = tosa.select %66, %17, %2 : (tensor<3x17x1xi1>, tensor<3x17x1xf32>, tensor<3x17x1xf32>) -> tensor<3x17x1xf32>
    %77 = tosa.argmax %76 {axis = 1 : i32} : (tensor<3x17x1xf32>) -> tensor<3x1xi32>
    %78 = tosa.gather %68, %77 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %79 = tosa.reshape %78, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %80 = tosa.cast %79 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %81 = tosa.equal %80, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %82 = tosa.select %81, %77, %69 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %83 = tosa.select %75, %71, %82 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %84 = tosa.gather %17, %83 : (tensor<3x17x1xf32>, tensor<3x1xi32>) -> tensor<3x1x1xf32>
    %85 = tosa.reshape %83, %9 : (tensor<3x1xi32>, !tosa.shape<3>) -> tensor<3x1x1xi32>
    %86 = tosa.scatter %63, %83, %5 : (tensor<3x17x1xi8>, tensor<3x1xi32>, tensor<3x1x1xi8>) -> tensor<3x17x1xi8>
    %87 = tosa.cast %86 : (tensor<3x17x1xi8>) -> tensor<3x17x1xi32>
    %88 = tosa.equal %87, %6 : (tensor<3x17x1xi32>, tensor<3x17x1xi32>) -> tensor<3x17x1xi1>
    %89 = tosa.logical_and %88, %18 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %90 = tosa.logical_and %88, %19 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %91 = tosa.select %89, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %92 = tosa.argmax %91 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %93 = tosa.select %90, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %94 = tosa.argmax %93 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %95 = tosa.gather %93, %94 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %96 = tosa.reshape %95, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %97 = tosa.cast %96 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %98 = tosa.equal %97, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %99 = tosa.select %89, %17, %2 : (tensor<3x17x1xi1>, tensor<3x17x1xf32>, tensor<3x17x1xf32>) -> tensor<3x17x1xf32>
    %100 = tosa.argmax %99 {axis = 1 : i32} : (tensor<3x17x1xf32>) -> tensor<3x1xi32>
    %101 = tosa.gather %91, %100 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %102 = tosa.reshape %101, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %103 = tosa.cast %102 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %104 = tosa.equal %103, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %105 = tosa.select %104, %100, %92 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %106 = tosa.select %98, %94, %105 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %107 = tosa.gather %17, %106 : (tensor<3x17x1xf32>, tensor<3x1xi32>) -> tensor<3x1x1xf32>
    %108 = tosa.reshape %106, %9 : (tensor<3x1xi32>, !tosa.shape<3>) -> tensor<3x1x1xi32>
    %109 = tosa.scatter %86, %106, %5 : (tensor<3x17x1xi8>, tensor<3x1xi32>, tensor<3x1x1xi8>) -> tensor<3x17x1xi8>
    %110 = tosa.cast %109 : (tensor<3x17x1xi8>) -> tensor<3x17x1xi32>
    %111 = tosa.equal %110, %6 : (tensor<3x17x1xi32>, tensor<3x17x1xi32>) -> tensor<3x17x1xi1>
    %112 = tosa.logical_and %111, %18 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %113 = tosa.logical_and %111, %19 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %114 = tosa.select %112, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %115 = tosa.argmax %114 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %116 = tosa.select %113, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %117 = tosa.argmax %116 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %118 = tosa.gather %116, %117 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %119 = tosa.reshape %118, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %120 = tosa.cast %119 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %121 = tosa.equal %120, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %122 = tosa.select %112, %17, %2 : (tensor<3x17x1xi1>, tensor<3x17x1xf32>, tensor<3x17x1xf32>) -> tensor<3x17x1xf32>
    %123 = tosa.argmax %122 {axis = 1 : i32} : (tensor<3x17x1xf32>) -> tensor<3x1xi32>
    %124 = tosa.gather %114, %123 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %125 = tosa.reshape %124, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %126 = tosa.cast %125 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %127 = tosa.equal %126, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %128 = tosa.select %127, %123, %115 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %129 = tosa.select %121, %117, %128 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %130 = tosa.gather %17, %129 : (tensor<3x17x1xf32>, tensor<3x1xi32>) -> tensor<3x1x1xf32>
    %131 = tosa.reshape %129, %9 : (tensor<3x1xi32>, !tosa.shape<3>) -> tensor<3x1x1xi32>
    %132 = tosa.concat %38, %61, %84, %107, %130 {axis = 1 : i32} : (tensor<3x1x1xf32>, tensor<3x1x1xf32>, tensor<3x1x1xf32>, tensor<3x1x1xf32>, tensor<3x1x1xf32>) -> tensor<3x5x1xf32>
    %133 = tosa.concat %39, %62, %85, %108, %131 {axis = 1 : i32} : (tensor<3x1x1xi32>, tensor<3x1x1xi32>, tensor<3x1x1xi32>, tensor<3x1x1xi32>, tensor<3x1x1xi32>) -> tensor<3x5x1xi32>
    %134 = tosa.reshape %132, %10 : (tensor<3x5x1xf32>, !tosa.shape<2>) -> tensor<3x5xf32>
    %135 = tosa.reshape %133, %10 : (tensor<3x5x1xi32>, !tosa.shape<2>) -> tensor<3x5xi32>
    %136 = tosa.cast %135 : (tensor<3x5xi32>) -> tensor<3x5xi64>
    %137 = tosa.scatter %109, %129, %5 : (tensor<3x17x1xi8>, tensor<3x1xi32>, tensor<3x1x1xi8>) -> tensor<3x17x1xi8>
    %138 = tosa.cast %137 : (tensor<3x17x1xi8>) -> tensor<3x17x1xi32>
    %139 = tosa.equal %138, %6 : (tensor<3x17x1xi32>, tensor<3x17x1xi32>) -> tensor<3x17x1xi1>
    %140 = tosa.logical_and %139, %18 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %141 = tosa.logical_and %139, %19 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %142 = tosa.select %140, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %143 = tosa.argmax %142 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %144 = tosa.select %141, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %145 = tosa.argmax %144 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %146 = tosa.gather %144, %145 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %147 = tosa.reshape %146, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %148 = tosa.cast %147 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %149 = tosa.equal %148, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %150 = tosa.select %140, %17, %2 : (tensor<3x17x1xi1>, tensor<3x17x1xf32>, tensor<3x17x1xf32>) -> tensor<3x17x1xf32>
    %151 = tosa.argmax %150 {axis = 1 : i32} : (tensor<3x17x1xf32>) -> tensor<3x1xi32>
    %152 = tosa.gather %142, %151 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %153 = tosa.reshape %152, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %154 = tosa.cast %153 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %155 = tosa.equal %154, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %156 = tosa.select %155, %151, %143 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %157 = tosa.select %149, %145, %156 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %158 = tosa.reshape %157, %9 : (tensor<3x1xi32>, !tosa.shape<3>) -> tensor<3x1x1xi32>
    %159 = tosa.scatter %137, %157, %5 : (tensor<3x17x1xi8>, tensor<3x1xi32>, tensor<3x1x1xi8>) -> tensor<3x17x1xi8>
    %160 = tosa.cast %159 : (tensor<3x17x1xi8>) -> tensor<3x17x1xi32>
    %161 = tosa.equal %160, %6 : (tensor<3x17x1xi32>, tensor<3x17x1xi32>) -> tensor<3x17x1xi1>
    %162 = tosa.logical_and %161, %18 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %163 = tosa.logical_and %161, %19 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %164 = tosa.select %162, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %165 = tosa.argmax %164 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %166 = tosa.select %163, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %167 = tosa.argmax %166 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %168 = tosa.gather %166, %167 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %169 = tosa.reshape %168, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %170 = tosa.cast %169 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %171 = tosa.equal %170, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %172 = tosa.select %162, %17, %2 : (tensor<3x17x1xi1>, tensor<3x17x1xf32>, tensor<3x17x1xf32>) -> tensor<3x17x1xf32>
    %173 = tosa.argmax %172 {axis = 1 : i32} : (tensor<3x17x1xf32>) -> tensor<3x1xi32>
    %174 = tosa.gather %164, %173 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %175 = tosa.reshape %174, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %176 = tosa.cast %175 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %177 = tosa.equal %176, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %178 = tosa.select %177, %173, %165 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %179 = tosa.select %171, %167, %178 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %180 = tosa.reshape %179, %9 : (tensor<3x1xi32>, !tosa.shape<3>) -> tensor<3x1x1xi32>
    %181 = tosa.scatter %159, %179, %5 : (tensor<3x17x1xi8>, tensor<3x1xi32>, tensor<3x1x1xi8>) -> tensor<3x17x1xi8>
    %182 = tosa.cast %181 : (tensor<3x17x1xi8>) -> tensor<3x17x1xi32>
    %183 = tosa.equal %182, %6 : (tensor<3x17x1xi32>, tensor<3x17x1xi32>) -> tensor<3x17x1xi1>
    %184 = tosa.logical_and %183, %18 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %185 = tosa.logical_and %183, %19 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %186 = tosa.select %184, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %187 = tosa.argmax %186 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %188 = tosa.select %185, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %189 = tosa.argmax %188 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %190 = tosa.gather %188, %189 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %191 = tosa.reshape %190, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %192 = tosa.cast %191 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %193 = tosa.equal %192, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %194 = tosa.select %184, %17, %2 : (tensor<3x17x1xi1>, tensor<3x17x1xf32>, tensor<3x17x1xf32>) -> tensor<3x17x1xf32>
    %195 = tosa.argmax %194 {axis = 1 : i32} : (tensor<3x17x1xf32>) -> tensor<3x1xi32>
    %196 = tosa.gather %186, %195 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %197 = tosa.reshape %196, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %198 = tosa.cast %197 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %199 = tosa.equal %198, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %200 = tosa.select %199, %195, %187 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %201 = tosa.select %193, %189, %200 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %202 = tosa.reshape %201, %9 : (tensor<3x1xi32>, !tosa.shape<3>) -> tensor<3x1x1xi32>
    %203 = tosa.scatter %181, %201, %5 : (tensor<3x17x1xi8>, tensor<3x1xi32>, tensor<3x1x1xi8>) -> tensor<3x17x1xi8>
    %204 = tosa.cast %203 : (tensor<3x17x1xi8>) -> tensor<3x17x1xi32>
    %205 = tosa.equal %204, %6 : (tensor<3x17x1xi32>, tensor<3x17x1xi32>) -> tensor<3x17x1xi1>
    %206 = tosa.logical_and %205, %18 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %207 = tosa.logical_and %205, %19 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %208 = tosa.select %206, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %209 = tosa.argmax %208 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %210 = tosa.select %207, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %211 = tosa.argmax %210 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %212 = tosa.gather %210, %211 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %213 = tosa.reshape %212, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %214 = tosa.cast %213 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %215 = tosa.equal %214, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %216 = tosa.select %206, %17, %2 : (tensor<3x17x1xi1>, tensor<3x17x1xf32>, tensor<3x17x1xf32>) -> tensor<3x17x1xf32>
    %217 = tosa.argmax %216 {axis = 1 : i32} : (tensor<3x17x1xf32>) -> tensor<3x1xi32>
    %218 = tosa.gather %208, %217 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %219 = tosa.reshape %218, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %220 = tosa.cast %219 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %221 = tosa.equal %220, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %222 = tosa.select %221, %217, %209 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %223 = tosa.select %215, %211, %222 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %224 = tosa.reshape %223, %9 : (tensor<3x1xi32>, !tosa.shape<3>) -> tensor<3x1x1xi32>
    %225 = tosa.scatter %203, %223, %5 : (tensor<3x17x1xi8>, tensor<3x1xi32>, tensor<3x1x1xi8>) -> tensor<3x17x1xi8>
    %226 = tosa.cast %225 : (tensor<3x17x1xi8>) -> tensor<3x17x1xi32>
    %227 = tosa.equal %226, %6 : (tensor<3x17x1xi32>, tensor<3x17x1xi32>) -> tensor<3x17x1xi1>
    %228 = tosa.logical_and %227, %18 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %229 = tosa.logical_and %227, %19 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %230 = tosa.select %228, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %231 = tosa.argmax %230 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %232 = tosa.select %229, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %233 = tosa.argmax %232 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %234 = tosa.gather %232, %233 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %235 = tosa.reshape %234, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %236 = tosa.cast %235 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %237 = tosa.equal %236, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %238 = tosa.select %228, %17, %2 : (tensor<3x17x1xi1>, tensor<3x17x1xf32>, tensor<3x17x1xf32>) -> tensor<3x17x1xf32>
    %239 = tosa.argmax %238 {axis = 1 : i32} : (tensor<3x17x1xf32>) -> tensor<3x1xi32>
    %240 = tosa.gather %230, %239 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %241 = tosa.reshape %240, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %242 = tosa.cast %241 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %243 = tosa.equal %242, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %244 = tosa.select %243, %239, %231 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %245 = tosa.select %237, %233, %244 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %246 = tosa.reshape %245, %9 : (tensor<3x1xi32>, !tosa.shape<3>) -> tensor<3x1x1xi32>
    %247 = tosa.scatter %225, %245, %5 : (tensor<3x17x1xi8>, tensor<3x1xi32>, tensor<3x1x1xi8>) -> tensor<3x17x1xi8>
    %248 = tosa.cast %247 : (tensor<3x17x1xi8>) -> tensor<3x17x1xi32>
    %249 = tosa.equal %248, %6 : (tensor<3x17x1xi32>, tensor<3x17x1xi32>) -> tensor<3x17x1xi1>
    %250 = tosa.logical_and %249, %18 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %251 = tosa.logical_and %249, %19 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %252 = tosa.select %250, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %253 = tosa.argmax %252 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %254 = tosa.select %251, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %255 = tosa.argmax %254 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %256 = tosa.gather %254, %255 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %257 = tosa.reshape %256, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %258 = tosa.cast %257 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %259 = tosa.equal %258, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %260 = tosa.select %250, %17, %2 : (tensor<3x17x1xi1>, tensor<3x17x1xf32>, tensor<3x17x1xf32>) -> tensor<3x17x1xf32>
    %261 = tosa.argmax %260 {axis = 1 : i32} : (tensor<3x17x1xf32>) -> tensor<3x1xi32>
    %262 = tosa.gather %252, %261 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %263 = tosa.reshape %262, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %264 = tosa.cast %263 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %265 = tosa.equal %264, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %266 = tosa.select %265, %261, %253 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %267 = tosa.select %259, %255, %266 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %268 = tosa.reshape %267, %9 : (tensor<3x1xi32>, !tosa.shape<3>) -> tensor<3x1x1xi32>
    %269 = tosa.scatter %247, %267, %5 : (tensor<3x17x1xi8>, tensor<3x1xi32>, tensor<3x1x1xi8>) -> tensor<3x17x1xi8>
    %270 = tosa.cast %269 : (tensor<3x17x1xi8>) -> tensor<3x17x1xi32>
    %271 = tosa.equal %270, %6 : (tensor<3x17x1xi32>, tensor<3x17x1xi32>) -> tensor<3x17x1xi1>
    %272 = tosa.logical_and %271, %18 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %273 = tosa.logical_and %271, %19 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %274 = tosa.select %272, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %275 = tosa.argmax %274 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %276 = tosa.select %273, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %277 = tosa.argmax %276 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %278 = tosa.gather %276, %277 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %279 = tosa.reshape %278, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %280 = tosa.cast %279 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %281 = tosa.equal %280, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %282 = tosa.select %272, %17, %2 : (tensor<3x17x1xi1>, tensor<3x17x1xf32>, tensor<3x17x1xf32>) -> tensor<3x17x1xf32>
    %283 = tosa.argmax %282 {axis = 1 : i32} : (tensor<3x17x1xf32>) -> tensor<3x1xi32>
    %284 = tosa.gather %274, %283 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %285 = tosa.reshape %284, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %286 = tosa.cast %285 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %287 = tosa.equal %286, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %288 = tosa.select %287, %283, %275 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %289 = tosa.select %281, %277, %288 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %290 = tosa.reshape %289, %9 : (tensor<3x1xi32>, !tosa.shape<3>) -> tensor<3x1x1xi32>
    %291 = tosa.scatter %269, %289, %5 : (tensor<3x17x1xi8>, tensor<3x1xi32>, tensor<3x1x1xi8>) -> tensor<3x17x1xi8>
    %292 = tosa.cast %291 : (tensor<3x17x1xi8>) -> tensor<3x17x1xi32>
    %293 = tosa.equal %292, %6 : (tensor<3x17x1xi32>, tensor<3x17x1xi32>) -> tensor<3x17x1xi1>
    %294 = tosa.logical_and %293, %18 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %295 = tosa.logical_and %293, %19 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %296 = tosa.select %294, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %297 = tosa.argmax %296 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %298 = tosa.select %295, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %299 = tosa.argmax %298 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %300 = tosa.gather %298, %299 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %301 = tosa.reshape %300, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %302 = tosa.cast %301 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %303 = tosa.equal %302, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %304 = tosa.select %294, %17, %2 : (tensor<3x17x1xi1>, tensor<3x17x1xf32>, tensor<3x17x1xf32>) -> tensor<3x17x1xf32>
    %305 = tosa.argmax %304 {axis = 1 : i32} : (tensor<3x17x1xf32>) -> tensor<3x1xi32>
    %306 = tosa.gather %296, %305 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %307 = tosa.reshape %306, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %308 = tosa.cast %307 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %309 = tosa.equal %308, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %310 = tosa.select %309, %305, %297 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %311 = tosa.select %303, %299, %310 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %312 = tosa.reshape %311, %9 : (tensor<3x1xi32>, !tosa.shape<3>) -> tensor<3x1x1xi32>
    %313 = tosa.scatter %291, %311, %5 : (tensor<3x17x1xi8>, tensor<3x1xi32>, tensor<3x1x1xi8>) -> tensor<3x17x1xi8>
    %314 = tosa.cast %313 : (tensor<3x17x1xi8>) -> tensor<3x17x1xi32>
    %315 = tosa.equal %314, %6 : (tensor<3x17x1xi32>, tensor<3x17x1xi32>) -> tensor<3x17x1xi1>
    %316 = tosa.logical_and %315, %18 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %317 = tosa.logical_and %315, %19 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %318 = tosa.select %316, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %319 = tosa.argmax %318 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %320 = tosa.select %317, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %321 = tosa.argmax %320 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %322 = tosa.gather %320, %321 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %323 = tosa.reshape %322, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %324 = tosa.cast %323 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %325 = tosa.equal %324, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %326 = tosa.select %316, %17, %2 : (tensor<3x17x1xi1>, tensor<3x17x1xf32>, tensor<3x17x1xf32>) -> tensor<3x17x1xf32>
    %327 = tosa.argmax %326 {axis = 1 : i32} : (tensor<3x17x1xf32>) -> tensor<3x1xi32>
    %328 = tosa.gather %318, %327 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %329 = tosa.reshape %328, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %330 = tosa.cast %329 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %331 = tosa.equal %330, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %332 = tosa.select %331, %327, %319 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %333 = tosa.select %325, %321, %332 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %334 = tosa.reshape %333, %9 : (tensor<3x1xi32>, !tosa.shape<3>) -> tensor<3x1x1xi32>
    %335 = tosa.scatter %313, %333, %5 : (tensor<3x17x1xi8>, tensor<3x1xi32>, tensor<3x1x1xi8>) -> tensor<3x17x1xi8>
    %336 = tosa.cast %335 : (tensor<3x17x1xi8>) -> tensor<3x17x1xi32>
    %337 = tosa.equal %336, %6 : (tensor<3x17x1xi32>, tensor<3x17x1xi32>) -> tensor<3x17x1xi1>
    %338 = tosa.logical_and %337, %18 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %339 = tosa.logical_and %337, %19 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %340 = tosa.select %338, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %341 = tosa.argmax %340 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %342 = tosa.select %339, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %343 = tosa.argmax %342 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %344 = tosa.gather %342, %343 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %345 = tosa.reshape %344, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %346 = tosa.cast %345 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %347 = tosa.equal %346, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %348 = tosa.select %338, %17, %2 : (tensor<3x17x1xi1>, tensor<3x17x1xf32>, tensor<3x17x1xf32>) -> tensor<3x17x1xf32>
    %349 = tosa.argmax %348 {axis = 1 : i32} : (tensor<3x17x1xf32>) -> tensor<3x1xi32>
    %350 = tosa.gather %340, %349 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %351 = tosa.reshape %350, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %352 = tosa.cast %351 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %353 = tosa.equal %352, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %354 = tosa.select %353, %349, %341 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %355 = tosa.select %347, %343, %354 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %356 = tosa.reshape %355, %9 : (tensor<3x1xi32>, !tosa.shape<3>) -> tensor<3x1x1xi32>
    %357 = tosa.scatter %335, %355, %5 : (tensor<3x17x1xi8>, tensor<3x1xi32>, tensor<3x1x1xi8>) -> tensor<3x17x1xi8>
    %358 = tosa.cast %357 : (tensor<3x17x1xi8>) -> tensor<3x17x1xi32>
    %359 = tosa.equal %358, %6 : (tensor<3x17x1xi32>, tensor<3x17x1xi32>) -> tensor<3x17x1xi1>
    %360 = tosa.logical_and %359, %18 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %361 = tosa.logical_and %359, %19 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %362 = tosa.select %360, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %363 = tosa.argmax %362 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %364 = tosa.select %361, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %365 = tosa.argmax %364 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %366 = tosa.gather %364, %365 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %367 = tosa.reshape %366, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %368 = tosa.cast %367 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %369 = tosa.equal %368, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %370 = tosa.select %360, %17, %2 : (tensor<3x17x1xi1>, tensor<3x17x1xf32>, tensor<3x17x1xf32>) -> tensor<3x17x1xf32>
    %371 = tosa.argmax %370 {axis = 1 : i32} : (tensor<3x17x1xf32>) -> tensor<3x1xi32>
    %372 = tosa.gather %362, %371 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %373 = tosa.reshape %372, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %374 = tosa.cast %373 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %375 = tosa.equal %374, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %376 = tosa.select %375, %371, %363 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %377 = tosa.select %369, %365, %376 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %378 = tosa.reshape %377, %9 : (tensor<3x1xi32>, !tosa.shape<3>) -> tensor<3x1x1xi32>
    %379 = tosa.scatter %357, %377, %5 : (tensor<3x17x1xi8>, tensor<3x1xi32>, tensor<3x1x1xi8>) -> tensor<3x17x1xi8>
    %380 = tosa.cast %379 : (tensor<3x17x1xi8>) -> tensor<3x17x1xi32>
    %381 = tosa.equal %380, %6 : (tensor<3x17x1xi32>, tensor<3x17x1xi32>) -> tensor<3x17x1xi1>
    %382 = tosa.logical_and %381, %18 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %383 = tosa.logical_and %381, %19 : (tensor<3x17x1xi1>, tensor<3x17x1xi1>) -> tensor<3x17x1xi1>
    %384 = tosa.select %382, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %385 = tosa.argmax %384 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %386 = tosa.select %383, %4, %3 : (tensor<3x17x1xi1>, tensor<3x17x1xi8>, tensor<3x17x1xi8>) -> tensor<3x17x1xi8>
    %387 = tosa.argmax %386 {axis = 1 : i32} : (tensor<3x17x1xi8>) -> tensor<3x1xi32>
    %388 = tosa.gather %386, %387 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %389 = tosa.reshape %388, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %390 = tosa.cast %389 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %391 = tosa.equal %390, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %392 = tosa.select %382, %17, %2 : (tensor<3x17x1xi1>, tensor<3x17x1xf32>, tensor<3x17x1xf32>) -> tensor<3x17x1xf32>
    %393 = tosa.argmax %392 {axis = 1 : i32} : (tensor<3x17x1xf32>) -> tensor<3x1xi32>
    %394 = tosa.gather %384, %393 : (tensor<3x17x1xi8>, tensor<3x1xi32>) -> tensor<3x1x1xi8>
    %395 = tosa.reshape %394, %8 : (tensor<3x1x1xi8>, !tosa.shape<2>) -> tensor<3x1xi8>
    %396 = tosa.cast %395 : (tensor<3x1xi8>) -> tensor<3x1xi32>
    %397 = tosa.equal %396, %7 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi1>
    %398 = tosa.select %397, %393, %385 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %399 = tosa.select %391, %387, %398 : (tensor<3x1xi1>, tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %400 = tosa.reshape %399, %9 : (tensor<3x1xi32>, !tosa.shape<3>) -> tensor<3x1x1xi32>
    %401 = tosa.concat %39, %62, %85, %108, %131, %158, %180, %202, %224, %246, %268, %290, %312, %334, %356, %378, %400 {axis = 1 : i32} : (tensor<3x1x1xi32>, tensor<3x1x1xi32>, tensor<3x1x1xi32>, tensor<3x1x1xi32>, tensor<3x1x1xi32>, tensor<3x1x1xi32>, tensor<3x1x1xi32>, tensor<3x1x1xi32>, tensor<3x1x1xi32>, tensor<3x1x1xi32>, tensor<3x1x1xi32>, tensor<3x1x1xi32>, tensor<3x1x1xi32>, tensor<3x1x1xi32>, tensor<3x1x1xi32>, tensor<3x1x1xi32>, tensor<3x1x1xi32>) -> tensor<3x17x1xi32>
    %402 = tosa.reshape %401, %11 : (tensor<3x17x1xi32>, !tosa.shape<2>) -> tensor<3x17xi32>
    %403 = tosa.cast %402 : (tensor<3x17xi32>) -> tensor<3x17xi64>
    %404 = tosa.reduce_max %134 {axis = 1 : i32} : (tensor<3x5xf32>) -> tensor<3x1xf32>
    %405 = tosa.sub %134, %404 : (tensor<3x5xf32>, tensor<3x1xf32>) -> tensor<3x5xf32>
    %406 = tosa.exp %405 : (tensor<3x5xf32>) -> tensor<3x5xf32>
    %407 = tosa.reduce_sum %406 {axis = 1 : i32} : (tensor<3x5xf32>) -> tensor<3x1xf32>
    %408 = tosa.reciprocal %407 : (tensor<3x1xf32>) -> tensor<3x1xf32>
    %409 = tosa.mul %406, %408, %12 : (tensor<3x5xf32>, tensor<3x1xf32>, tensor<1xi8>) -> tensor<3x5xf32>
    return %16, %15, %403, %409, %136 : tensor<3xf32>, tensor<3xi64>, tensor<3x17xi64>, tensor<3x5xf32>, tensor<3x5xi64>
  }
}
