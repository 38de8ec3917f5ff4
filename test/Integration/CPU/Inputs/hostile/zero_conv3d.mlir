// A 3-D convolution with no output channel, and one with a K of 0 beside it
// (found by the IR fuzzer): the preparation's rewrite into 2-D
// convolutions took depth slices at positions an empty extent does not
// have ("offset 3 is out-of-bounds"). Ops with a loop of no iteration now
// fold to their inits first.
func.func @main(%x: tensor<4x3x3x3x16xf32>, %w: tensor<1x1x1x16x0xf32>, %a: tensor<5x0xf32>, %b: tensor<0x6xf32>) -> (tensor<4x3x3x3x0xf32>, tensor<5x6xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x3x3x3x0xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x3x3x3x0xf32>) -> tensor<4x3x3x3x0xf32>
  %c = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<4> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>} ins(%x, %w : tensor<4x3x3x3x16xf32>, tensor<1x1x1x16x0xf32>) outs(%f : tensor<4x3x3x3x0xf32>) -> tensor<4x3x3x3x0xf32>
  %one = arith.constant 1.5 : f32
  %e2 = tensor.empty() : tensor<5x6xf32>
  %f2 = linalg.fill ins(%one : f32) outs(%e2 : tensor<5x6xf32>) -> tensor<5x6xf32>
  %m = linalg.matmul ins(%a, %b : tensor<5x0xf32>, tensor<0x6xf32>) outs(%f2 : tensor<5x6xf32>) -> tensor<5x6xf32>
  return %c, %m : tensor<4x3x3x3x0xf32>, tensor<5x6xf32>
}
