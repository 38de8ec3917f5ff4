// Integer contractions of quantized models: an i8 batch matmul into i32 (its
// register tile has a unit batch dimension), a quantized matmul and a
// quantized batch matmul with zero points (one of them of other widths), and
// quantized convolutions (HWCF and FHWC filters, NCHW).
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
func.func @qhwcf(%i: tensor<1x30x30x32xi8>, %w: tensor<3x3x32x64xi8>) -> tensor<1x28x28x64xi32> {
  %z = arith.constant 0 : i32
  %zi = arith.constant 3 : i32
  %zw = arith.constant -2 : i32
  %e = tensor.empty() : tensor<1x28x28x64xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<1x28x28x64xi32>) -> tensor<1x28x28x64xi32>
  %r = linalg.conv_2d_nhwc_hwcf_q {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%i, %w, %zi, %zw : tensor<1x30x30x32xi8>, tensor<3x3x32x64xi8>, i32, i32) outs(%f : tensor<1x28x28x64xi32>) -> tensor<1x28x28x64xi32>
  return %r : tensor<1x28x28x64xi32>
}
func.func @qfhwc(%i: tensor<2x17x17x16xi8>, %w: tensor<24x3x3x16xi8>, %zi: i32, %zw: i32) -> tensor<2x8x8x24xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<2x8x8x24xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<2x8x8x24xi32>) -> tensor<2x8x8x24xi32>
  %r = linalg.conv_2d_nhwc_fhwc_q {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%i, %w, %zi, %zw : tensor<2x17x17x16xi8>, tensor<24x3x3x16xi8>, i32, i32) outs(%f : tensor<2x8x8x24xi32>) -> tensor<2x8x8x24xi32>
  return %r : tensor<2x8x8x24xi32>
}
func.func @qnchw(%i: tensor<1x16x12x12xi8>, %w: tensor<32x16x3x3xi8>, %zi: i32, %zw: i32) -> tensor<1x32x10x10xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x32x10x10xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<1x32x10x10xi32>) -> tensor<1x32x10x10xi32>
  %r = linalg.conv_2d_nchw_fchw_q {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%i, %w, %zi, %zw : tensor<1x16x12x12xi8>, tensor<32x16x3x3xi8>, i32, i32) outs(%f : tensor<1x32x10x10xi32>) -> tensor<1x32x10x10xi32>
  return %r : tensor<1x32x10x10xi32>
}
