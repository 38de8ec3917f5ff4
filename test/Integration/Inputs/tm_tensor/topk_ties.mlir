// torch.topk(floor(4 x), 7, dim=1) on lines of 1001 with about 8 distinct
// values each: of equal values the first positions are kept, in order (an
// element equal to the last kept one does not enter).
func.func @main(%x: tensor<5x1001xf32>) -> (tensor<5x7xf32>, tensor<5x7xi64>) {
  %four = arith.constant 4.0 : f32
  %e = tensor.empty() : tensor<5x1001xf32>
  %q = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<5x1001xf32>) outs(%e : tensor<5x1001xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %four : f32
    %f = math.floor %m : f32
    linalg.yield %f : f32
  } -> tensor<5x1001xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %ev = tensor.empty() : tensor<5x7xf32>
  %v = linalg.fill ins(%ninf : f32) outs(%ev : tensor<5x7xf32>) -> tensor<5x7xf32>
  %ei = tensor.empty() : tensor<5x7xi64>
  %r:2 = tm_tensor.topk dimension(1) ins(%q : tensor<5x1001xf32>) outs(%v, %ei : tensor<5x7xf32>, tensor<5x7xi64>) {
  ^bb0(%a: f32, %b: f32):
    %gt = arith.cmpf ogt, %a, %b : f32
    tm_tensor.yield %gt : i1
  } -> tensor<5x7xf32>, tensor<5x7xi64>
  return %r#0, %r#1 : tensor<5x7xf32>, tensor<5x7xi64>
}
