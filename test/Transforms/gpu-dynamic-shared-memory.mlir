// RUN: tuner-opt %s --split-input-file --tuner-gpu-dynamic-shared-memory --verify-diagnostics | FileCheck %s

// The launch takes the largest size of its gpu.dynamic_shared_memory ops.

// CHECK-LABEL: func.func @sized
// CHECK:         %[[SIZE:.*]] = arith.constant 98304 : i32
// CHECK:         gpu.launch blocks({{.*}}) threads({{.*}}) dynamic_shared_memory_size %[[SIZE]]
func.func @sized() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%a = %c1, %b = %c1, %c = %c1) {
    %0 = gpu.dynamic_shared_memory {tuner.shared_bytes = 65536 : i64} : memref<?xi8, #gpu.address_space<workgroup>>
    %1 = gpu.dynamic_shared_memory {tuner.shared_bytes = 98304 : i64} : memref<?xi8, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

// A launch with a size keeps it; one without dynamic shared memory gets none.

// CHECK-LABEL: func.func @kept
// CHECK:         %[[SIZE:.*]] = arith.constant 1024 : i32
// CHECK:         gpu.launch blocks({{.*}}) threads({{.*}}) dynamic_shared_memory_size %[[SIZE]]
// CHECK:         gpu.launch blocks({{.*}}) threads({{.*}}) {
func.func @kept() {
  %c1 = arith.constant 1 : index
  %size = arith.constant 1024 : i32
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%a = %c1, %b = %c1, %c = %c1)
             dynamic_shared_memory_size %size {
    %0 = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%a = %c1, %b = %c1, %c = %c1) {
    gpu.terminator
  }
  return
}

// -----

func.func @unknown_size() {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%a = %c1, %b = %c1, %c = %c1) {
    // expected-error @below {{dynamic shared memory of unknown size: expected a 'tuner.shared_bytes' attribute or a sized launch}}
    %0 = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}
