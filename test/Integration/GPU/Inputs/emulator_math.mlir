// Math functions on f64 and f32 elementwise: on CUDA targets they call
// libdevice, whose implementations use rounding-mode intrinsics and inline
// PTX (128-bit arithmetic in the f64 sin/cos argument reduction) that the
// emulator must run.
#id = affine_map<(d0) -> (d0)>
func.func @math(%x: tensor<1024xf64>, %y: tensor<1024xf32>) -> (tensor<1024xf64>, tensor<1024xf32>) {
  %e64 = tensor.empty() : tensor<1024xf64>
  %e32 = tensor.empty() : tensor<1024xf32>
  %r64 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<1024xf64>) outs(%e64 : tensor<1024xf64>) {
  ^bb0(%a: f64, %o: f64):
    %s = math.sin %a : f64
    %c = math.cos %a : f64
    %e = math.exp %a : f64
    %t = math.tanh %a : f64
    %abs = math.absf %a : f64
    %l = math.log1p %abs : f64
    %1 = arith.addf %s, %c : f64
    %2 = arith.addf %1, %e : f64
    %3 = arith.addf %2, %t : f64
    %4 = arith.addf %3, %l : f64
    linalg.yield %4 : f64
  } -> tensor<1024xf64>
  %r32 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%y : tensor<1024xf32>) outs(%e32 : tensor<1024xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = math.sin %a : f32
    %c = math.cos %a : f32
    %e = math.erf %a : f32
    %t = math.tanh %a : f32
    %p = math.powf %c, %a : f32
    %1 = arith.addf %s, %e : f32
    %2 = arith.addf %1, %t : f32
    %3 = arith.addf %2, %p : f32
    linalg.yield %3 : f32
  } -> tensor<1024xf32>
  return %r64, %r32 : tensor<1024xf64>, tensor<1024xf32>
}
