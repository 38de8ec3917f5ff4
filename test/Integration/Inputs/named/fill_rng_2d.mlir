// linalg.fill_rng_2d (a seeded uniform in [-1, 1))
func.func @main() -> tensor<37x65xf32> {
  %e0 = tensor.empty() : tensor<37x65xf32>
  %lo = arith.constant -1.0 : f64
  %hi = arith.constant 1.0 : f64
  %seed = arith.constant 42 : i32
  %r = linalg.fill_rng_2d ins(%lo, %hi, %seed : f64, f64, i32) outs(%e0 : tensor<37x65xf32>) -> tensor<37x65xf32>
  return %r : tensor<37x65xf32>
}
