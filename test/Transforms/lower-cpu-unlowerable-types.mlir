// RUN: tuner-opt %s --tuner-lower-cpu -verify-diagnostics -split-input-file

// LLVM has no 8-bit floats: an f8 matmul is an error at the op (its payload
// has no location of its own), not a failure of the JIT later. Only the
// conversions of f4E2M1FN and f8E8M0FNU are expanded into integer
// arithmetic (upstream's arith expansions), and narrow floats that are only
// stored and moved lower as integers.
func.func @f8_matmul(%a: tensor<32x64xf8E4M3FN>, %b: tensor<64x48xf8E4M3FN>) -> tensor<32x48xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x48xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x48xf32>) -> tensor<32x48xf32>
  // expected-error @+1 {{'arith.extf' on element type 'f8E4M3FN' has no CPU lowering}}
  %r = linalg.matmul ins(%a, %b : tensor<32x64xf8E4M3FN>, tensor<64x48xf8E4M3FN>) outs(%f : tensor<32x48xf32>) -> tensor<32x48xf32>
  return %r : tensor<32x48xf32>
}

// -----

func.func @f8_add(%a: tensor<8xf8E5M2>) -> tensor<8xf8E5M2> {
  %e = tensor.empty() : tensor<8xf8E5M2>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%a : tensor<8xf8E5M2>) outs(%e : tensor<8xf8E5M2>) {
  ^bb0(%x: f8E5M2, %o: f8E5M2):
    // expected-error @+1 {{'arith.addf' on element type 'f8E5M2' has no CPU lowering}}
    %y = arith.addf %x, %x : f8E5M2
    linalg.yield %y : f8E5M2
  } -> tensor<8xf8E5M2>
  return %r : tensor<8xf8E5M2>
}

// -----

// Scalable vectors (written for SVE or RVV, as buddy-mlir's vector-length
// agnostic kernels are) have no x86 lowering: LLVM aborted on them in the
// JIT ("Cannot implicitly convert a scalable size to a fixed-width size").
func.func @scalable(%m: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  // expected-error @+1 {{scalable vector type 'vector<[8]xf32>' has no CPU lowering: x86-64 has fixed-width vectors only}}
  %v = vector.transfer_read %m[%c0], %z : memref<64xf32>, vector<[8]xf32>
  vector.transfer_write %v, %m[%c0] : vector<[8]xf32>, memref<64xf32>
  return
}

// -----

func.func @vscale() -> index {
  // expected-error @+1 {{scalable vectors (vector.vscale) have no CPU lowering}}
  %s = vector.vscale
  return %s : index
}
