// A convolution and a pooling on buffers, as upstream's integration tests
// write them.
func.func @main(%in: memref<1x18x18x8xf32>, %f: memref<3x3x8x16xf32>, %out: memref<1x8x8x16xf32>) {
  %z = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<1x16x16x16xf32>
  linalg.fill ins(%z : f32) outs(%t : memref<1x16x16x16xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%in, %f : memref<1x18x18x8xf32>, memref<3x3x8x16xf32>) outs(%t : memref<1x16x16x16xf32>)
  %w = memref.alloc() : memref<2x2xf32>
  %ninf = arith.constant 0xFF800000 : f32
  linalg.fill ins(%ninf : f32) outs(%out : memref<1x8x8x16xf32>)
  linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%t, %w : memref<1x16x16x16xf32>, memref<2x2xf32>) outs(%out : memref<1x8x8x16xf32>)
  memref.dealloc %t : memref<1x16x16x16xf32>
  memref.dealloc %w : memref<2x2xf32>
  return
}
