// Row reductions gpu.reduction takes: a softmax's row maximum (f32), a
// layer norm's sum accumulated in f64 (as torch exports the variance), and
// a row sum of 768 elements with an explicit configuration of 4 warps per
// row (partials through shared memory).
#x = affine_map<(d0, d1) -> (d0, d1)>
#r = affine_map<(d0, d1) -> (d0)>
func.func @row_max(%x: tensor<256x128xf32>) -> tensor<256xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<256xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<256xf32>) -> tensor<256xf32>
  %m = linalg.generic {indexing_maps = [#x, #r], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<256x128xf32>) outs(%f : tensor<256xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<256xf32>
  return %m : tensor<256xf32>
}

func.func @row_sum_f64(%x: tensor<128x128xf32>) -> tensor<128xf64> {
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<128xf64>
  %f = linalg.fill ins(%zero : f64) outs(%e : tensor<128xf64>) -> tensor<128xf64>
  %s = linalg.generic {indexing_maps = [#x, #r], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<128x128xf32>) outs(%f : tensor<128xf64>) {
  ^bb0(%in: f32, %out: f64):
    %0 = arith.extf %in : f32 to f64
    %1 = arith.addf %0, %out : f64
    linalg.yield %1 : f64
  } -> tensor<128xf64>
  return %s : tensor<128xf64>
}

func.func @row_sum_4warps(%x: tensor<64x768xf32>) -> tensor<64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %s = linalg.generic {indexing_maps = [#x, #r], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x768xf32>) outs(%f : tensor<64xf32>)
      attrs = {sched.config = #sched.config<sketch = "gpu.reduction", knobs = {rows = 2, vector = 1, warps = 4}>} {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<64xf32>
  return %s : tensor<64xf32>
}
