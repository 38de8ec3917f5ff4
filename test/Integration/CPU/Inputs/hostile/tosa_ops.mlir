// TOSA from a TFLite-style importer: a padded conv with bias and clamp, a
// batched matmul and a reshape (tuner-convert-frontend-ops).
func.func @f(%a: tensor<1x8x8x4xf32>, %m: tensor<1x16x32xf32>, %n: tensor<1x32x8xf32>) -> (tensor<1x8x8x6xf32>, tensor<1x16x8xf32>, tensor<16x8xf32>) {
  %w = "tosa.const"() {values = dense<0.5> : tensor<6x3x3x4xf32>} : () -> tensor<6x3x3x4xf32>
  %b = "tosa.const"() {values = dense<0.25> : tensor<6xf32>} : () -> tensor<6xf32>
  %z = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %c = tosa.conv2d %a, %w, %b, %z, %z {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x8x8x4xf32>, tensor<6x3x3x4xf32>, tensor<6xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x8x6xf32>
  %r = tosa.clamp %c {min_val = 0.0 : f32, max_val = 6.0 : f32} : (tensor<1x8x8x6xf32>) -> tensor<1x8x8x6xf32>
  %mm = tosa.matmul %m, %n, %z, %z : (tensor<1x16x32xf32>, tensor<1x32x8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x8xf32>
  %s = tosa.const_shape {values = dense<[16, 8]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %rs = tosa.reshape %mm, %s : (tensor<1x16x8xf32>, !tosa.shape<2>) -> tensor<16x8xf32>
  return %r, %mm, %rs : tensor<1x8x8x6xf32>, tensor<1x16x8xf32>, tensor<16x8xf32>
}
