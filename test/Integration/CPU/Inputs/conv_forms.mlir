// 1-D convolutions (NWC, NCW with stride 2, depthwise NWC, depthwise NCW with
// dilation 2), a 3-D one (NDHWC, strided and dilated, batch 2), a filter in
// FHWC, and grouped convolutions (NGCHW with GFCHW and, strided, FGCHW
// filters; NHWGC with GFHWC).
func.func @conv_1d(%i: tensor<4x1000x64xf32>, %w: tensor<5x64x128xf32>, %ic: tensor<2x64x300xf32>, %wc: tensor<96x64x3xf32>, %dw: tensor<4x1000x64xf32>, %dwf: tensor<7x64xf32>, %dc: tensor<2x64x300xf32>, %dcf: tensor<64x3xf32>) -> (tensor<4x996x128xf32>, tensor<2x96x149xf32>, tensor<4x994x64xf32>, tensor<2x64x296xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x996x128xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x996x128xf32>) -> tensor<4x996x128xf32>
  %r = linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%i, %w : tensor<4x1000x64xf32>, tensor<5x64x128xf32>) outs(%f : tensor<4x996x128xf32>) -> tensor<4x996x128xf32>
  %e2 = tensor.empty() : tensor<2x96x149xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<2x96x149xf32>) -> tensor<2x96x149xf32>
  %r2 = linalg.conv_1d_ncw_fcw {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%ic, %wc : tensor<2x64x300xf32>, tensor<96x64x3xf32>) outs(%f2 : tensor<2x96x149xf32>) -> tensor<2x96x149xf32>
  %e3 = tensor.empty() : tensor<4x994x64xf32>
  %f3 = linalg.fill ins(%z : f32) outs(%e3 : tensor<4x994x64xf32>) -> tensor<4x994x64xf32>
  %r3 = linalg.depthwise_conv_1d_nwc_wc {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%dw, %dwf : tensor<4x1000x64xf32>, tensor<7x64xf32>) outs(%f3 : tensor<4x994x64xf32>) -> tensor<4x994x64xf32>
  %e4 = tensor.empty() : tensor<2x64x296xf32>
  %f4 = linalg.fill ins(%z : f32) outs(%e4 : tensor<2x64x296xf32>) -> tensor<2x64x296xf32>
  %r4 = linalg.depthwise_conv_1d_ncw_cw {dilations = dense<2> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%dc, %dcf : tensor<2x64x300xf32>, tensor<64x3xf32>) outs(%f4 : tensor<2x64x296xf32>) -> tensor<2x64x296xf32>
  return %r, %r2, %r3, %r4 : tensor<4x996x128xf32>, tensor<2x96x149xf32>, tensor<4x994x64xf32>, tensor<2x64x296xf32>
}
func.func @conv_3d(%i: tensor<2x11x17x17x8xf32>, %w: tensor<3x3x3x8x16xf32>) -> tensor<2x3x7x7x16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x3x7x7x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x3x7x7x16xf32>) -> tensor<2x3x7x7x16xf32>
  %r = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<[2, 1, 2]> : tensor<3xi64>, strides = dense<[3, 2, 2]> : tensor<3xi64>} ins(%i, %w : tensor<2x11x17x17x8xf32>, tensor<3x3x3x8x16xf32>) outs(%f : tensor<2x3x7x7x16xf32>) -> tensor<2x3x7x7x16xf32>
  return %r : tensor<2x3x7x7x16xf32>
}
func.func @fhwc(%i: tensor<1x30x30x32xf32>, %w: tensor<64x3x3x32xf32>) -> tensor<1x28x28x64xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x28x28x64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x28x28x64xf32>) -> tensor<1x28x28x64xf32>
  %r = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%i, %w : tensor<1x30x30x32xf32>, tensor<64x3x3x32xf32>) outs(%f : tensor<1x28x28x64xf32>) -> tensor<1x28x28x64xf32>
  return %r : tensor<1x28x28x64xf32>
}
func.func @grouped(%i: tensor<1x4x16x30x30xf32>, %w: tensor<4x32x16x3x3xf32>) -> tensor<1x4x32x28x28xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x32x28x28xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x4x32x28x28xf32>) -> tensor<1x4x32x28x28xf32>
  %r = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%i, %w : tensor<1x4x16x30x30xf32>, tensor<4x32x16x3x3xf32>) outs(%f : tensor<1x4x32x28x28xf32>) -> tensor<1x4x32x28x28xf32>
  return %r : tensor<1x4x32x28x28xf32>
}
func.func @g2(%i: tensor<1x4x16x30x30xf32>, %w: tensor<32x4x16x3x3xf32>) -> tensor<1x4x32x14x14xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x32x14x14xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x4x32x14x14xf32>) -> tensor<1x4x32x14x14xf32>
  %r = linalg.conv_2d_ngchw_fgchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%i, %w : tensor<1x4x16x30x30xf32>, tensor<32x4x16x3x3xf32>) outs(%f : tensor<1x4x32x14x14xf32>) -> tensor<1x4x32x14x14xf32>
  return %r : tensor<1x4x32x14x14xf32>
}
func.func @g3(%i: tensor<2x30x30x4x16xf32>, %w: tensor<4x32x3x3x16xf32>) -> tensor<2x28x28x4x32xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x28x28x4x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x28x28x4x32xf32>) -> tensor<2x28x28x4x32xf32>
  %r = linalg.conv_2d_nhwgc_gfhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%i, %w : tensor<2x30x30x4x16xf32>, tensor<4x32x3x3x16xf32>) outs(%f : tensor<2x28x28x4x32xf32>) -> tensor<2x28x28x4x32xf32>
  return %r : tensor<2x28x28x4x32xf32>
}
