// A skinny bf16 matmul with a long K and a fused bias + ReLU: in 32 x 32
// blocks its 32 x 256 result is 8 blocks, so gpu.contraction_mma cuts K into
// slices (split_k), each computed by blocks of its own.
func.func @split_k_bf16(%a: tensor<32x2048xbf16>, %b: tensor<2048x256xbf16>,
                        %bias: tensor<256xf32>) -> tensor<32x256xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<32x256xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%empty : tensor<32x256xf32>) -> tensor<32x256xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<32x2048xbf16>, tensor<2048x256xbf16>)
                      outs(%fill : tensor<32x256xf32>) -> tensor<32x256xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                                        affine_map<(d0, d1) -> (d1)>,
                                        affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<32x256xf32>, tensor<256xf32>)
      outs(%empty : tensor<32x256xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<32x256xf32>
  return %r : tensor<32x256xf32>
}
