// RUN: tuner-opt %s --split-input-file --verify-diagnostics

// expected-error @+2 {{expected ::mlir::sched::TargetKind to be one of: cpu, cuda}}
// expected-error @+1 {{failed to parse Sched_TargetAttr parameter 'kind'}}
func.func @unknown_kind() attributes {sched.target = #sched.target<kind = rocm, cores = 1, vector_bits = 128>} {
  return
}

// -----

// expected-error @+1 {{a cpu target needs 'cores' >= 1}}
func.func @no_cores() attributes {sched.target = #sched.target<kind = cpu, vector_bits = 128>} {
  return
}

// -----

// expected-error @+1 {{target parameter 'l2' must be non-negative, got -1}}
func.func @negative_cache() attributes {sched.target = #sched.target<kind = cpu, cores = 2, vector_bits = 256, l2 = -1>} {
  return
}

// -----

// expected-error @+1 {{a cpu target needs 'vector_bits' to be a power of two >= 64, got 384}}
func.func @odd_vector() attributes {sched.target = #sched.target<kind = cpu, cores = 2, vector_bits = 384>} {
  return
}

// -----

// expected-error @+1 {{parameter 'warp_size' is not valid for a cpu target}}
func.func @mixed_kinds() attributes {sched.target = #sched.target<kind = cpu, cores = 2, vector_bits = 256, warp_size = 32>} {
  return
}

// -----

// expected-error @+1 {{a cuda target needs 'arch' of the form sm_XY (sm_30 or newer) or sm_XYa (sm_90a or newer)}}
func.func @bad_chip() attributes {sched.target = #sched.target<kind = cuda, arch = "gfx90a", sms = 1, max_threads_per_block = 1024, shared_memory_per_block = 49152, registers_per_sm = 65536, warp_size = 32>} {
  return
}

// -----

// Architecture-specific features exist from sm_90a on.
// expected-error @+1 {{a cuda target needs 'arch' of the form sm_XY (sm_30 or newer) or sm_XYa (sm_90a or newer)}}
func.func @old_arch_specific() attributes {sched.target = #sched.target<kind = cuda, arch = "sm_80a", sms = 1, max_threads_per_block = 1024, shared_memory_per_block = 49152, registers_per_sm = 65536, warp_size = 32>} {
  return
}

// -----

// expected-error @+1 {{a cuda target needs 'arch' of the form sm_XY (sm_30 or newer) or sm_XYa (sm_90a or newer)}}
func.func @no_sm_prefix() attributes {sched.target = #sched.target<kind = cuda, arch = "90", sms = 1, max_threads_per_block = 1024, shared_memory_per_block = 49152, registers_per_sm = 65536, warp_size = 32>} {
  return
}

// -----

// expected-error @+1 {{a cuda target needs 'sms' >= 1}}
func.func @no_sms() attributes {sched.target = #sched.target<kind = cuda, arch = "sm_90", max_threads_per_block = 1024, shared_memory_per_block = 49152, registers_per_sm = 65536, warp_size = 32>} {
  return
}

// -----

// expected-error @+1 {{parameter 'l1' is not valid for a cuda target}}
func.func @cpu_param_on_gpu() attributes {sched.target = #sched.target<kind = cuda, arch = "sm_90", sms = 1, max_threads_per_block = 1024, shared_memory_per_block = 49152, registers_per_sm = 65536, warp_size = 32, l1 = 4>} {
  return
}

// -----

// expected-error @+1 {{'func.func' op 'sched.target' must be a #sched.target attribute}}
func.func @wrong_attr() attributes {sched.target = "cpu"} {
  return
}

// -----

// A CUDA target's features are precisions: tf32 only.
// expected-error @+1 {{a cuda target's 'features' can only be "tf32" (f32 matmuls on tensor cores), got "avx2"}}
func.func @cuda_features() attributes {sched.target = #sched.target<kind = cuda, arch = "sm_90", features = "avx2", sms = 132, max_threads_per_block = 1024, shared_memory_per_block = 49152, registers_per_sm = 65536, warp_size = 32>} {
  return
}
