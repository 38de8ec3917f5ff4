// torch.sort(x, dim=1) with the positions: two outputs sorted together.
func.func @main(%x: tensor<3x29xf32>) -> (tensor<3x29xf32>, tensor<3x29xi64>) {
  %e = tensor.empty() : tensor<3x29xi64>
  %i = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<3x29xi64>) {
  ^bb0(%o: i64):
    %j = linalg.index 1 : index
    %c = arith.index_cast %j : index to i64
    linalg.yield %c : i64
  } -> tensor<3x29xi64>
  %r:2 = tm_tensor.sort dimension(1) outs(%x, %i : tensor<3x29xf32>, tensor<3x29xi64>) {
  ^bb0(%a: f32, %b: f32, %ia: i64, %ib: i64):
    %lt = arith.cmpf olt, %a, %b : f32
    tm_tensor.yield %lt : i1
  } -> tensor<3x29xf32>, tensor<3x29xi64>
  return %r#0, %r#1 : tensor<3x29xf32>, tensor<3x29xi64>
}
