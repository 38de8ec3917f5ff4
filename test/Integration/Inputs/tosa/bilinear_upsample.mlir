// bench/model_zoo.py's bilinear_upsample exported by torch-mlir's FX importer to TOSA
// (fx.export_and_import(..., output_type=OutputType.TOSA)).
module {
  func.func @main(%arg0: tensor<1x4x9x11xf32>) -> tensor<1x4x18x22xf32> {
    %0 = "tosa.const"() <{values = dense<[[396, 99, 11, 1]]> : tensor<1x4xi32>}> : () -> tensor<1x4xi32>
    %cst = arith.constant dense<[[[0]], [[1]], [[2]], [[3]]]> : tensor<4x1x1xi64>
    %1 = "tosa.const"() <{values = dense_resource<torch_tensor_4_torch.float32> : tensor<4xf32>}> : () -> tensor<4xf32>
    %2 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %3 = "tosa.const"() <{values = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]> : tensor<18xi64>}> : () -> tensor<18xi64>
    %4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %5 = tosa.const_shape  {values = dense<[18, 1]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %6 = "tosa.const"() <{values = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]> : tensor<22xi64>}> : () -> tensor<22xi64>
    %7 = tosa.const_shape  {values = dense<[1, 4, 1, 1, 1]> : tensor<5xindex>} : () -> !tosa.shape<5>
    %8 = tosa.const_shape  {values = dense<[1, 1, 18, 1, 1]> : tensor<5xindex>} : () -> !tosa.shape<5>
    %9 = tosa.const_shape  {values = dense<[1, 1, 1, 22, 1]> : tensor<5xindex>} : () -> !tosa.shape<5>
    %10 = tosa.const_shape  {values = dense<[1, 4, 18, 22, 1]> : tensor<5xindex>} : () -> !tosa.shape<5>
    %11 = tosa.const_shape  {values = dense<[1, 1, 18, 22, 1]> : tensor<5xindex>} : () -> !tosa.shape<5>
    %12 = tosa.const_shape  {values = dense<[1, 4, 1, 22, 1]> : tensor<5xindex>} : () -> !tosa.shape<5>
    %13 = tosa.const_shape  {values = dense<[1, 4, 18, 1, 1]> : tensor<5xindex>} : () -> !tosa.shape<5>
    %14 = tosa.const_shape  {values = dense<[1, 396, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %15 = tosa.const_shape  {values = dense<[1584, 4]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %16 = tosa.const_shape  {values = dense<[1, 1584]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %17 = tosa.const_shape  {values = dense<[1, 4, 18, 22]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %18 = tosa.const_shape  {values = dense<[1, 1, 1, 22]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %19 = tosa.const_shape  {values = dense<[1, 1, 18, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %20 = "tosa.const"() <{values = dense<"0x568DA3BA66A4343D6667E7BD8A521EBE281BB73D904F4EBD53A394BDDEE1D6BD64770CBE4B3006BDCBF4773DD6D32CBD5633FBBDD00B23BE34B80D3E3E0D85BD4E7783BD180FE2BD307E0CBDC674133EE60F373D9BB48CBD7B6CFF3DCE3EDDBDAB6958BBAB4ECA3BAB11DCBC80209DBDDF51073EEBF0863DB678903C2378EEBD965472BCCBCECC3DDC881A3EFAD61FBE0640C7BDB3F7AFBDFEDBE43D0B3D4E3D6AB4123E335CD73D56FAC8BDE861BB3D284F983D8821C83DF66BFE3C2B54ACBC566FA53D306197BD9E5104BEAB85D03B2B9C0F3CD60EC5BBCB92ECBD562D1E3DF8FEAEBDAB4DDA3DC353B0BD56C1D33D56FEE63C57AA293EB3719A3D86DF233EBF591FBE1878873D5045893D0F8503BECEA2F6BD6072B83C8E30CABD3B2D7ABDBB25863DD4A2173E7B427A3DE08BC4BDE0670D3EA0C4013E739DAC3DF78D203EF083143EAA3E2ABED059F43D1BFFE53DC296163E608DFF3CB6417F3D76D494BD50DC073D0B01E6BC32EA28BE1BD12BBDA66814BE4BAEE0BC006CDDBDA69322BE6B337B3C683F9CBDD06EAA3D565344BB3B8AD5BD0843833D10E20E3DA68500BEB30D1FBE462CCABD642205BE17A503BE6B7516BC006EF63B50E42ABD4B5B8CBC80FFCC3C2034C73C9E44A6BD56C8973B4EC98BBD36E9213DD0D16EBD56926BBC208ACA3DE8F2853DD2E10BBEB6280A3DF6B6CFBD4091233CAB3611BD8008D93D9BDB1A3EDE8BA6BDA6EC113DD2A9213E6BEAE93DE383A13DF35DDEBD08C4D83D98EB0FBE3AB623BED6220CBC8308223EB0E729BD804FCABD0058F43D807C45BC"> : tensor<4x3x3x4xf32>}> : () -> tensor<4x3x3x4xf32>
    %21 = "tosa.const"() <{values = dense<5.000000e-01> : tensor<1xf32>}> : () -> tensor<1xf32>
    %22 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %23 = "tosa.const"() <{values = dense<1> : tensor<1x1xi32>}> : () -> tensor<1x1xi32>
    %24 = "tosa.const"() <{values = dense<-9223372036854775808> : tensor<1x1xi64>}> : () -> tensor<1x1xi64>
    %25 = "tosa.const"() <{values = dense<8> : tensor<1x1xi64>}> : () -> tensor<1x1xi64>
    %26 = "tosa.const"() <{values = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
    %27 = "tosa.const"() <{values = dense<-9223372036854775808> : tensor<1xi64>}> : () -> tensor<1xi64>
    %28 = "tosa.const"() <{values = dense<10> : tensor<1xi64>}> : () -> tensor<1xi64>
    %29 = "tosa.const"() <{values = dense<0> : tensor<1x1x1x1x1xi32>}> : () -> tensor<1x1x1x1x1xi32>
    %30 = "tosa.const"() <{values = dense<0> : tensor<1x1x1xi32>}> : () -> tensor<1x1x1xi32>
    %31 = "tosa.const"() <{values = dense<4> : tensor<1x1x1xi32>}> : () -> tensor<1x1x1xi32>
    %32 = "tosa.const"() <{values = dense<0> : tensor<1x1xi32>}> : () -> tensor<1x1xi32>
    %33 = "tosa.const"() <{values = dense<9> : tensor<1x1xi32>}> : () -> tensor<1x1xi32>
    %34 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
    %35 = "tosa.const"() <{values = dense<11> : tensor<1xi32>}> : () -> tensor<1xi32>
    %36 = tosa.transpose %arg0 {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x4x9x11xf32>) -> tensor<1x9x11x4xf32>
    %37 = tosa.conv2d %36, %20, %1, %2, %2 {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x9x11x4xf32>, tensor<4x3x3x4xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x9x11x4xf32>
    %38 = tosa.transpose %37 {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x9x11x4xf32>) -> tensor<1x4x9x11xf32>
    %39 = tosa.cast %3 : (tensor<18xi64>) -> tensor<18xf32>
    %40 = tosa.add %39, %21 : (tensor<18xf32>, tensor<1xf32>) -> tensor<18xf32>
    %41 = tosa.mul %40, %21, %4 : (tensor<18xf32>, tensor<1xf32>, tensor<1xi8>) -> tensor<18xf32>
    %42 = tosa.sub %41, %21 : (tensor<18xf32>, tensor<1xf32>) -> tensor<18xf32>
    %43 = tosa.clamp %42 {max_val = 3.40282347E+38 : f32, min_val = 0.000000e+00 : f32} : (tensor<18xf32>) -> tensor<18xf32>
    %44 = tosa.reshape %43, %5 : (tensor<18xf32>, !tosa.shape<2>) -> tensor<18x1xf32>
    %45 = tosa.floor %44 : (tensor<18x1xf32>) -> tensor<18x1xf32>
    %46 = tosa.ceil %44 : (tensor<18x1xf32>) -> tensor<18x1xf32>
    %47 = tosa.greater %22, %44 : (tensor<1x1xf32>, tensor<18x1xf32>) -> tensor<18x1xi1>
    %48 = tosa.select %47, %46, %45 : (tensor<18x1xi1>, tensor<18x1xf32>, tensor<18x1xf32>) -> tensor<18x1xf32>
    %49 = tosa.cast %48 : (tensor<18x1xf32>) -> tensor<18x1xi64>
    %50 = tosa.cast %49 : (tensor<18x1xi64>) -> tensor<18x1xi32>
    %51 = tosa.add %50, %23 : (tensor<18x1xi32>, tensor<1x1xi32>) -> tensor<18x1xi32>
    %52 = tosa.cast %51 : (tensor<18x1xi32>) -> tensor<18x1xi64>
    %53 = tosa.maximum %52, %24 : (tensor<18x1xi64>, tensor<1x1xi64>) -> tensor<18x1xi64>
    %54 = tosa.minimum %53, %25 : (tensor<18x1xi64>, tensor<1x1xi64>) -> tensor<18x1xi64>
    %55 = tosa.cast %6 : (tensor<22xi64>) -> tensor<22xf32>
    %56 = tosa.add %55, %21 : (tensor<22xf32>, tensor<1xf32>) -> tensor<22xf32>
    %57 = tosa.mul %56, %21, %4 : (tensor<22xf32>, tensor<1xf32>, tensor<1xi8>) -> tensor<22xf32>
    %58 = tosa.sub %57, %21 : (tensor<22xf32>, tensor<1xf32>) -> tensor<22xf32>
    %59 = tosa.clamp %58 {max_val = 3.40282347E+38 : f32, min_val = 0.000000e+00 : f32} : (tensor<22xf32>) -> tensor<22xf32>
    %60 = tosa.floor %59 : (tensor<22xf32>) -> tensor<22xf32>
    %61 = tosa.ceil %59 : (tensor<22xf32>) -> tensor<22xf32>
    %62 = tosa.greater %2, %59 : (tensor<1xf32>, tensor<22xf32>) -> tensor<22xi1>
    %63 = tosa.select %62, %61, %60 : (tensor<22xi1>, tensor<22xf32>, tensor<22xf32>) -> tensor<22xf32>
    %64 = tosa.cast %63 : (tensor<22xf32>) -> tensor<22xi64>
    %65 = tosa.cast %64 : (tensor<22xi64>) -> tensor<22xi32>
    %66 = tosa.add %65, %26 : (tensor<22xi32>, tensor<1xi32>) -> tensor<22xi32>
    %67 = tosa.cast %66 : (tensor<22xi32>) -> tensor<22xi64>
    %68 = tosa.maximum %67, %27 : (tensor<22xi64>, tensor<1xi64>) -> tensor<22xi64>
    %69 = tosa.minimum %68, %28 : (tensor<22xi64>, tensor<1xi64>) -> tensor<22xi64>
    %70 = tosa.cast %cst : (tensor<4x1x1xi64>) -> tensor<4x1x1xi32>
    %71 = tosa.add %70, %31 : (tensor<4x1x1xi32>, tensor<1x1x1xi32>) -> tensor<4x1x1xi32>
    %72 = tosa.greater %30, %70 : (tensor<1x1x1xi32>, tensor<4x1x1xi32>) -> tensor<4x1x1xi1>
    %73 = tosa.select %72, %71, %70 : (tensor<4x1x1xi1>, tensor<4x1x1xi32>, tensor<4x1x1xi32>) -> tensor<4x1x1xi32>
    %74 = tosa.cast %49 : (tensor<18x1xi64>) -> tensor<18x1xi32>
    %75 = tosa.add %74, %33 : (tensor<18x1xi32>, tensor<1x1xi32>) -> tensor<18x1xi32>
    %76 = tosa.greater %32, %74 : (tensor<1x1xi32>, tensor<18x1xi32>) -> tensor<18x1xi1>
    %77 = tosa.select %76, %75, %74 : (tensor<18x1xi1>, tensor<18x1xi32>, tensor<18x1xi32>) -> tensor<18x1xi32>
    %78 = tosa.cast %64 : (tensor<22xi64>) -> tensor<22xi32>
    %79 = tosa.add %78, %35 : (tensor<22xi32>, tensor<1xi32>) -> tensor<22xi32>
    %80 = tosa.greater %34, %78 : (tensor<1xi32>, tensor<22xi32>) -> tensor<22xi1>
    %81 = tosa.select %80, %79, %78 : (tensor<22xi1>, tensor<22xi32>, tensor<22xi32>) -> tensor<22xi32>
    %82 = tosa.reshape %73, %7 : (tensor<4x1x1xi32>, !tosa.shape<5>) -> tensor<1x4x1x1x1xi32>
    %83 = tosa.reshape %77, %8 : (tensor<18x1xi32>, !tosa.shape<5>) -> tensor<1x1x18x1x1xi32>
    %84 = tosa.reshape %81, %9 : (tensor<22xi32>, !tosa.shape<5>) -> tensor<1x1x1x22x1xi32>
    %85 = tosa.tile %29, %10 : (tensor<1x1x1x1x1xi32>, !tosa.shape<5>) -> tensor<1x4x18x22x1xi32>
    %86 = tosa.tile %82, %11 : (tensor<1x4x1x1x1xi32>, !tosa.shape<5>) -> tensor<1x4x18x22x1xi32>
    %87 = tosa.tile %83, %12 : (tensor<1x1x18x1x1xi32>, !tosa.shape<5>) -> tensor<1x4x18x22x1xi32>
    %88 = tosa.tile %84, %13 : (tensor<1x1x1x22x1xi32>, !tosa.shape<5>) -> tensor<1x4x18x22x1xi32>
    %89 = tosa.concat %85, %86, %87, %88 {axis = 4 : i32} : (tensor<1x4x18x22x1xi32>, tensor<1x4x18x22x1xi32>, tensor<1x4x18x22x1xi32>, tensor<1x4x18x22x1xi32>) -> tensor<1x4x18x22x4xi32>
    %90 = tosa.reshape %38, %14 : (tensor<1x4x9x11xf32>, !tosa.shape<3>) -> tensor<1x396x1xf32>
    %91 = tosa.reshape %89, %15 : (tensor<1x4x18x22x4xi32>, !tosa.shape<2>) -> tensor<1584x4xi32>
    %92 = tosa.mul %91, %0, %4 : (tensor<1584x4xi32>, tensor<1x4xi32>, tensor<1xi8>) -> tensor<1584x4xi32>
    %93 = tosa.reduce_sum %92 {axis = 1 : i32} : (tensor<1584x4xi32>) -> tensor<1584x1xi32>
    %94 = tosa.reshape %93, %16 : (tensor<1584x1xi32>, !tosa.shape<2>) -> tensor<1x1584xi32>
    %95 = tosa.gather %90, %94 : (tensor<1x396x1xf32>, tensor<1x1584xi32>) -> tensor<1x1584x1xf32>
    %96 = tosa.reshape %95, %17 : (tensor<1x1584x1xf32>, !tosa.shape<4>) -> tensor<1x4x18x22xf32>
    %97 = tosa.cast %69 : (tensor<22xi64>) -> tensor<22xi32>
    %98 = tosa.add %97, %35 : (tensor<22xi32>, tensor<1xi32>) -> tensor<22xi32>
    %99 = tosa.greater %34, %97 : (tensor<1xi32>, tensor<22xi32>) -> tensor<22xi1>
    %100 = tosa.select %99, %98, %97 : (tensor<22xi1>, tensor<22xi32>, tensor<22xi32>) -> tensor<22xi32>
    %101 = tosa.reshape %100, %9 : (tensor<22xi32>, !tosa.shape<5>) -> tensor<1x1x1x22x1xi32>
    %102 = tosa.tile %101, %13 : (tensor<1x1x1x22x1xi32>, !tosa.shape<5>) -> tensor<1x4x18x22x1xi32>
    %103 = tosa.concat %85, %86, %87, %102 {axis = 4 : i32} : (tensor<1x4x18x22x1xi32>, tensor<1x4x18x22x1xi32>, tensor<1x4x18x22x1xi32>, tensor<1x4x18x22x1xi32>) -> tensor<1x4x18x22x4xi32>
    %104 = tosa.reshape %103, %15 : (tensor<1x4x18x22x4xi32>, !tosa.shape<2>) -> tensor<1584x4xi32>
    %105 = tosa.mul %104, %0, %4 : (tensor<1584x4xi32>, tensor<1x4xi32>, tensor<1xi8>) -> tensor<1584x4xi32>
    %106 = tosa.reduce_sum %105 {axis = 1 : i32} : (tensor<1584x4xi32>) -> tensor<1584x1xi32>
    %107 = tosa.reshape %106, %16 : (tensor<1584x1xi32>, !tosa.shape<2>) -> tensor<1x1584xi32>
    %108 = tosa.gather %90, %107 : (tensor<1x396x1xf32>, tensor<1x1584xi32>) -> tensor<1x1584x1xf32>
    %109 = tosa.reshape %108, %17 : (tensor<1x1584x1xf32>, !tosa.shape<4>) -> tensor<1x4x18x22xf32>
    %110 = tosa.cast %54 : (tensor<18x1xi64>) -> tensor<18x1xi32>
    %111 = tosa.add %110, %33 : (tensor<18x1xi32>, tensor<1x1xi32>) -> tensor<18x1xi32>
    %112 = tosa.greater %32, %110 : (tensor<1x1xi32>, tensor<18x1xi32>) -> tensor<18x1xi1>
    %113 = tosa.select %112, %111, %110 : (tensor<18x1xi1>, tensor<18x1xi32>, tensor<18x1xi32>) -> tensor<18x1xi32>
    %114 = tosa.reshape %113, %8 : (tensor<18x1xi32>, !tosa.shape<5>) -> tensor<1x1x18x1x1xi32>
    %115 = tosa.tile %114, %12 : (tensor<1x1x18x1x1xi32>, !tosa.shape<5>) -> tensor<1x4x18x22x1xi32>
    %116 = tosa.concat %85, %86, %115, %88 {axis = 4 : i32} : (tensor<1x4x18x22x1xi32>, tensor<1x4x18x22x1xi32>, tensor<1x4x18x22x1xi32>, tensor<1x4x18x22x1xi32>) -> tensor<1x4x18x22x4xi32>
    %117 = tosa.reshape %116, %15 : (tensor<1x4x18x22x4xi32>, !tosa.shape<2>) -> tensor<1584x4xi32>
    %118 = tosa.mul %117, %0, %4 : (tensor<1584x4xi32>, tensor<1x4xi32>, tensor<1xi8>) -> tensor<1584x4xi32>
    %119 = tosa.reduce_sum %118 {axis = 1 : i32} : (tensor<1584x4xi32>) -> tensor<1584x1xi32>
    %120 = tosa.reshape %119, %16 : (tensor<1584x1xi32>, !tosa.shape<2>) -> tensor<1x1584xi32>
    %121 = tosa.gather %90, %120 : (tensor<1x396x1xf32>, tensor<1x1584xi32>) -> tensor<1x1584x1xf32>
    %122 = tosa.reshape %121, %17 : (tensor<1x1584x1xf32>, !tosa.shape<4>) -> tensor<1x4x18x22xf32>
    %123 = tosa.concat %85, %86, %115, %102 {axis = 4 : i32} : (tensor<1x4x18x22x1xi32>, tensor<1x4x18x22x1xi32>, tensor<1x4x18x22x1xi32>, tensor<1x4x18x22x1xi32>) -> tensor<1x4x18x22x4xi32>
    %124 = tosa.reshape %123, %15 : (tensor<1x4x18x22x4xi32>, !tosa.shape<2>) -> tensor<1584x4xi32>
    %125 = tosa.mul %124, %0, %4 : (tensor<1584x4xi32>, tensor<1x4xi32>, tensor<1xi8>) -> tensor<1584x4xi32>
    %126 = tosa.reduce_sum %125 {axis = 1 : i32} : (tensor<1584x4xi32>) -> tensor<1584x1xi32>
    %127 = tosa.reshape %126, %16 : (tensor<1584x1xi32>, !tosa.shape<2>) -> tensor<1x1584xi32>
    %128 = tosa.gather %90, %127 : (tensor<1x396x1xf32>, tensor<1x1584xi32>) -> tensor<1x1584x1xf32>
    %129 = tosa.reshape %128, %17 : (tensor<1x1584x1xf32>, !tosa.shape<4>) -> tensor<1x4x18x22xf32>
    %130 = tosa.cast %64 : (tensor<22xi64>) -> tensor<22xf32>
    %131 = tosa.sub %59, %130 : (tensor<22xf32>, tensor<22xf32>) -> tensor<22xf32>
    %132 = tosa.clamp %131 {max_val = 1.000000e+00 : f32, min_val = 0.000000e+00 : f32} : (tensor<22xf32>) -> tensor<22xf32>
    %133 = tosa.sub %109, %96 : (tensor<1x4x18x22xf32>, tensor<1x4x18x22xf32>) -> tensor<1x4x18x22xf32>
    %134 = tosa.reshape %132, %18 : (tensor<22xf32>, !tosa.shape<4>) -> tensor<1x1x1x22xf32>
    %135 = tosa.mul %133, %134, %4 : (tensor<1x4x18x22xf32>, tensor<1x1x1x22xf32>, tensor<1xi8>) -> tensor<1x4x18x22xf32>
    %136 = tosa.add %96, %135 : (tensor<1x4x18x22xf32>, tensor<1x4x18x22xf32>) -> tensor<1x4x18x22xf32>
    %137 = tosa.sub %129, %122 : (tensor<1x4x18x22xf32>, tensor<1x4x18x22xf32>) -> tensor<1x4x18x22xf32>
    %138 = tosa.mul %137, %134, %4 : (tensor<1x4x18x22xf32>, tensor<1x1x1x22xf32>, tensor<1xi8>) -> tensor<1x4x18x22xf32>
    %139 = tosa.add %122, %138 : (tensor<1x4x18x22xf32>, tensor<1x4x18x22xf32>) -> tensor<1x4x18x22xf32>
    %140 = tosa.cast %49 : (tensor<18x1xi64>) -> tensor<18x1xf32>
    %141 = tosa.sub %44, %140 : (tensor<18x1xf32>, tensor<18x1xf32>) -> tensor<18x1xf32>
    %142 = tosa.clamp %141 {max_val = 1.000000e+00 : f32, min_val = 0.000000e+00 : f32} : (tensor<18x1xf32>) -> tensor<18x1xf32>
    %143 = tosa.sub %139, %136 : (tensor<1x4x18x22xf32>, tensor<1x4x18x22xf32>) -> tensor<1x4x18x22xf32>
    %144 = tosa.reshape %142, %19 : (tensor<18x1xf32>, !tosa.shape<4>) -> tensor<1x1x18x1xf32>
    %145 = tosa.mul %143, %144, %4 : (tensor<1x4x18x22xf32>, tensor<1x1x18x1xf32>, tensor<1xi8>) -> tensor<1x4x18x22xf32>
    %146 = tosa.add %136, %145 : (tensor<1x4x18x22xf32>, tensor<1x4x18x22xf32>) -> tensor<1x4x18x22xf32>
    return %146 : tensor<1x4x18x22xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_4_torch.float32: "0x04000000445019BE80D1A1BD686AE83DAB9C8DBA"
    }
  }
#-}
