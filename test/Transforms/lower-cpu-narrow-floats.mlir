// RUN: tuner-opt %s --tuner-lower-cpu -verify-diagnostics -split-input-file

// LLVM has no 8-bit floats: an f8 matmul is an error at the op (its payload
// has no location of its own), not a failure of the JIT later.
func.func @f8_matmul(%a: tensor<32x64xf8E4M3FN>, %b: tensor<64x48xf8E4M3FN>) -> tensor<32x48xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x48xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x48xf32>) -> tensor<32x48xf32>
  // expected-error @+1 {{element type 'f8E4M3FN' has no CPU lowering}}
  %r = linalg.matmul ins(%a, %b : tensor<32x64xf8E4M3FN>, tensor<64x48xf8E4M3FN>) outs(%f : tensor<32x48xf32>) -> tensor<32x48xf32>
  return %r : tensor<32x48xf32>
}

// -----

func.func @f4_arg(%a: tensor<8xf4E2M1FN>) -> tensor<8xf4E2M1FN> {
  // expected-error @+1 {{element type 'f4E2M1FN' has no CPU lowering}}
  return %a : tensor<8xf4E2M1FN>
}
