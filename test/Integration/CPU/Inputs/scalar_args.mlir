// Scalars passed by value: a quantized matmul's zero points and a float scale
// of its dequantized result come in as function arguments.
func.func @qmm_scaled(%a: tensor<32x64xi8>, %b: tensor<64x48xi8>, %za: i32, %zb: i32, %scale: f32) -> tensor<32x48xf32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<32x48xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<32x48xi32>) -> tensor<32x48xi32>
  %q = linalg.quantized_matmul ins(%a, %b, %za, %zb : tensor<32x64xi8>, tensor<64x48xi8>, i32, i32) outs(%f : tensor<32x48xi32>) -> tensor<32x48xi32>
  %ef = tensor.empty() : tensor<32x48xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%q, %scale : tensor<32x48xi32>, f32) outs(%ef : tensor<32x48xf32>) {
  ^bb0(%x: i32, %s: f32, %o: f32):
    %xf = arith.sitofp %x : i32 to f32
    %y = arith.mulf %xf, %s : f32
    linalg.yield %y : f32
  } -> tensor<32x48xf32>
  return %r : tensor<32x48xf32>
}
