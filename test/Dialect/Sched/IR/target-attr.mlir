// RUN: tuner-opt %s --split-input-file | FileCheck %s
// RUN: tuner-opt %s --split-input-file | tuner-opt --split-input-file | FileCheck %s

// CHECK-LABEL: func @cpu
// CHECK: sched.target = #sched.target<kind = cpu, arch = "znver4", cores = 2, vector_bits = 512, l1 = 32768, l2 = 1048576, l3 = 33554432>
func.func @cpu() attributes {sched.target = #sched.target<kind = cpu, arch = "znver4", cores = 2, vector_bits = 512, l1 = 32768, l2 = 1048576, l3 = 33554432>} {
  return
}

// -----

// Unknown cache sizes and an empty arch are elided.
// CHECK-LABEL: func @cpu_minimal
// CHECK: sched.target = #sched.target<kind = cpu, cores = 1, vector_bits = 128>
func.func @cpu_minimal() attributes {sched.target = #sched.target<kind = cpu, cores = 1, vector_bits = 128, l1 = 0>} {
  return
}

// -----

// CHECK-LABEL: func @cuda
// CHECK: sched.target = #sched.target<kind = cuda, arch = "sm_90", sms = 132, max_threads_per_block = 1024, shared_memory_per_block = 49152, registers_per_sm = 65536, warp_size = 32>
func.func @cuda() attributes {sched.target = #sched.target<kind = cuda, arch = "sm_90", sms = 132, max_threads_per_block = 1024, shared_memory_per_block = 49152, registers_per_sm = 65536, warp_size = 32>} {
  return
}

// -----

// The target may sit on the module.
// CHECK: module attributes {sched.target = #sched.target<kind = cpu, cores = 16, vector_bits = 256>}
module attributes {sched.target = #sched.target<kind = cpu, cores = 16, vector_bits = 256>} {
}
