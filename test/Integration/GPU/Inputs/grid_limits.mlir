// Ops with more than 65535 rows (a grid's blocks along y): an elementwise
// cast of a 131072-row table (LLaMA-3's vocabulary is 128256) and a
// broadcast comparison that only the fallback takes (its i1 result).
func.func @cast_table(%t: tensor<131072x4096xf16>) -> tensor<131072x4096xf32> {
  %e = tensor.empty() : tensor<131072x4096xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%t : tensor<131072x4096xf16>) outs(%e : tensor<131072x4096xf32>) {
  ^bb0(%in: f16, %out: f32):
    %x = arith.extf %in : f16 to f32
    linalg.yield %x : f32
  } -> tensor<131072x4096xf32>
  return %r : tensor<131072x4096xf32>
}

func.func @compare(%a: tensor<8192xi64>, %b: tensor<1x1x70000xi64>) -> tensor<1x1x70000x8192xi1> {
  %e = tensor.empty() : tensor<1x1x70000x8192xi1>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%a, %b : tensor<8192xi64>, tensor<1x1x70000xi64>) outs(%e : tensor<1x1x70000x8192xi1>) {
  ^bb0(%x: i64, %y: i64, %out: i1):
    %c = arith.cmpi sge, %x, %y : i64
    linalg.yield %c : i1
  } -> tensor<1x1x70000x8192xi1>
  return %r : tensor<1x1x70000x8192xi1>
}
