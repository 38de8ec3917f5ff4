// Integer contractions of quantized models: an i8 batch matmul into i32 (its
// register tile has a unit batch dimension), a quantized matmul and a
// quantized batch matmul with zero points (one of them of other widths).
func.func @ibmm(%a: tensor<4x64x96xi8>, %b: tensor<4x96x80xi8>, %c: tensor<4x64x80xi32>) -> tensor<4x64x80xi32> {
  %r = linalg.batch_matmul ins(%a, %b : tensor<4x64x96xi8>, tensor<4x96x80xi8>) outs(%c : tensor<4x64x80xi32>) -> tensor<4x64x80xi32>
  return %r : tensor<4x64x80xi32>
}
func.func @qmm(%a: tensor<33x17xi8>, %b: tensor<17x65xi8>, %za: i8, %zb: i16) -> tensor<33x65xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<33x65xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<33x65xi32>) -> tensor<33x65xi32>
  %r = linalg.quantized_matmul ins(%a, %b, %za, %zb : tensor<33x17xi8>, tensor<17x65xi8>, i8, i16) outs(%f : tensor<33x65xi32>) -> tensor<33x65xi32>
  return %r : tensor<33x65xi32>
}
func.func @qbmm(%a: tensor<4x64x96xi8>, %b: tensor<4x96x80xi8>, %c: tensor<4x64x80xi32>) -> tensor<4x64x80xi32> {
  %za = arith.constant 3 : i32
  %zb = arith.constant -7 : i32
  %r = linalg.quantized_batch_matmul ins(%a, %b, %za, %zb : tensor<4x64x96xi8>, tensor<4x96x80xi8>, i32, i32) outs(%c : tensor<4x64x80xi32>) -> tensor<4x64x80xi32>
  return %r : tensor<4x64x80xi32>
}
