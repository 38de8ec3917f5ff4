// C += A B with C an argument (no fill) and 4 blocks of 16 x 32: split-K's
// second kernel adds the slices' sum to C.
func.func @split_k_f16(%a: tensor<16x1024xf16>, %b: tensor<1024x128xf16>,
                       %c: tensor<16x128xf32>) -> tensor<16x128xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<16x1024xf16>, tensor<1024x128xf16>)
                     outs(%c : tensor<16x128xf32>) -> tensor<16x128xf32>
  return %r : tensor<16x128xf32>
}
