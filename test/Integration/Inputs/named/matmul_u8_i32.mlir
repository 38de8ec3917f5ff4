// linalg.matmul
func.func @main(%a0: tensor<45x33xi8>, %a1: tensor<33x70xi8>) -> tensor<45x70xi32> {
  %c0 = arith.constant 0 : i32
  %e0 = tensor.empty() : tensor<45x70xi32>
  %f0 = linalg.fill ins(%c0 : i32) outs(%e0 : tensor<45x70xi32>) -> tensor<45x70xi32>
  %r = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a0, %a1 : tensor<45x33xi8>, tensor<33x70xi8>) outs(%f0 : tensor<45x70xi32>) -> tensor<45x70xi32>
  return %r : tensor<45x70xi32>
}
