// Odd matmuls that preparation for a CUDA target pads (tuner-pad-contractions):
// an f32 one with a constant weight and a bias + tanh chain, a bf16 one
// reading its result, and an f32 one accumulating into an argument.
func.func @odd_chain(%x: tensor<37x509xf32>, %bias: tensor<383xf32>,
                     %y: tensor<383x70xbf16>, %acc: tensor<37x70xf32>)
    -> (tensor<37x383xf32>, tensor<37x70xf32>) {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<0.015625> : tensor<509x383xf32>
  %e = tensor.empty() : tensor<37x383xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<37x383xf32>) -> tensor<37x383xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<37x509xf32>, tensor<509x383xf32>) outs(%f : tensor<37x383xf32>) -> tensor<37x383xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm, %bias : tensor<37x383xf32>, tensor<383xf32>) outs(%e : tensor<37x383xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %t = math.tanh %s : f32
    linalg.yield %t : f32
  } -> tensor<37x383xf32>
  %e2 = tensor.empty() : tensor<37x383xbf16>
  %h = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%g : tensor<37x383xf32>) outs(%e2 : tensor<37x383xbf16>) {
  ^bb0(%a: f32, %o: bf16):
    %t = arith.truncf %a : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<37x383xbf16>
  %r = linalg.matmul ins(%h, %y : tensor<37x383xbf16>, tensor<383x70xbf16>) outs(%acc : tensor<37x70xf32>) -> tensor<37x70xf32>
  return %g, %r : tensor<37x383xf32>, tensor<37x70xf32>
}
