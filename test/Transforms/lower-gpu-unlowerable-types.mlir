// RUN: tuner-opt %s --tuner-lower-gpu --split-input-file --verify-diagnostics

// A float type of 8 bits has no CUDA lowering either (LLVM has none): a
// diagnostic at the op, not a failed LLVM translation.

module attributes {sched.target = #sched.target<kind = cuda, arch = "sm_90", sms = 132, max_threads_per_block = 1024, shared_memory_per_block = 49152, registers_per_sm = 65536, warp_size = 32>} {
  func.func @extend(%a: tensor<16xf8E4M3FN>) -> tensor<16xf32> {
    %e = tensor.empty() : tensor<16xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<16xf8E4M3FN>) outs(%e : tensor<16xf32>) {
    ^bb0(%x: f8E4M3FN, %o: f32):
      // expected-error @+1 {{element type 'f8E4M3FN' has no CUDA lowering}}
      %y = arith.extf %x : f8E4M3FN to f32
      linalg.yield %y : f32
    } -> tensor<16xf32>
    return %r : tensor<16xf32>
  }
}

// -----

// Nor do scalable vectors: NVPTX has fixed-width vectors only.
module attributes {sched.target = #sched.target<kind = cuda, arch = "sm_90", sms = 132, max_threads_per_block = 1024, shared_memory_per_block = 49152, registers_per_sm = 65536, warp_size = 32>} {
  func.func @scalable(%m: memref<64xf32>) {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0.0 : f32
    // expected-error @+1 {{scalable vector type 'vector<[4]xf32>' has no CUDA lowering: NVPTX has fixed-width vectors only}}
    %v = vector.transfer_read %m[%c0], %z : memref<64xf32>, vector<[4]xf32>
    vector.transfer_write %v, %m[%c0] : vector<[4]xf32>, memref<64xf32>
    return
  }
}
