// A matmul whose f64 operands are wider than its f32 accumulator (linalg
// truncates them to f32 before multiplying), B transposed by its map: found
// by the IR fuzzer, whose CUDA lowering created an arith.extf from f64 to f32
// that does not verify.
func.func @main(%a: tensor<64x64xf64>, %b: tensor<7x64xf64>) -> tensor<64x7xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x7xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x7xf32>) -> tensor<64x7xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%a, %b : tensor<64x64xf64>, tensor<7x64xf64>) outs(%f : tensor<64x7xf32>) -> tensor<64x7xf32>
  return %r : tensor<64x7xf32>
}
