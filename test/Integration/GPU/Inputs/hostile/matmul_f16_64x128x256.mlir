// A small f16 matmul: the tensor-core sketch, whose builds report ptxas resources.
func.func @f(%a: tensor<64x256xf16>, %b: tensor<256x128xf16>) -> tensor<64x128xf16> {
  %z = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<64x128xf16>
  %f = linalg.fill ins(%z : f16) outs(%e : tensor<64x128xf16>) -> tensor<64x128xf16>
  %r = linalg.matmul ins(%a, %b : tensor<64x256xf16>, tensor<256x128xf16>) outs(%f : tensor<64x128xf16>) -> tensor<64x128xf16>
  return %r : tensor<64x128xf16>
}
