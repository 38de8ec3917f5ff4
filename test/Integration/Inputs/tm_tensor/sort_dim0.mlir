// A sort with ties (the input rounded to quarters: about 8 distinct values
// per line) along dimension 0 of 1001x3, descending, with the
// positions: a stable sort keeps equal values in their order (merge runs of
// every width, an odd last run).
func.func @main(%x: tensor<1001x3xf32>) -> (tensor<1001x3xf32>, tensor<1001x3xi64>) {
  %four = arith.constant 4.0 : f32
  %e = tensor.empty() : tensor<1001x3xf32>
  %q = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<1001x3xf32>) outs(%e : tensor<1001x3xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %four : f32
    %f = math.floor %m : f32
    linalg.yield %f : f32
  } -> tensor<1001x3xf32>
  %ei = tensor.empty() : tensor<1001x3xi64>
  %i = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%ei : tensor<1001x3xi64>) {
  ^bb0(%o: i64):
    %j = linalg.index 0 : index
    %c = arith.index_cast %j : index to i64
    linalg.yield %c : i64
  } -> tensor<1001x3xi64>
  %r:2 = tm_tensor.sort dimension(0) outs(%q, %i : tensor<1001x3xf32>, tensor<1001x3xi64>) {
  ^bb0(%a: f32, %b: f32, %ia: i64, %ib: i64):
    %lt = arith.cmpf ogt, %a, %b : f32
    tm_tensor.yield %lt : i1
  } -> tensor<1001x3xf32>, tensor<1001x3xi64>
  return %r#0, %r#1 : tensor<1001x3xf32>, tensor<1001x3xi64>
}
