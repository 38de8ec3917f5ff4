// RUN: tuner-opt %s --tuner-gpu-alloc-to-workgroup --split-input-file --verify-diagnostics | FileCheck %s

// A shared-memory staging buffer becomes a workgroup attribution of its
// launch, its deallocation goes away; private and global memory stay.
// CHECK-LABEL: func.func @stage
// CHECK:       gpu.launch
// CHECK-SAME:    workgroup(%[[WG:.*]] : memref<64x16xf32, #gpu.address_space<workgroup>>)
// CHECK-NOT:   memref.alloc() {{.*}}workgroup
// CHECK:       memref.copy %{{.*}}, %[[WG]]
// CHECK:       memref.alloca() : memref<4xf32>
// CHECK-NOT:   memref.dealloc
// CHECK:       gpu.terminator
func.func @stage(%src: memref<64x16xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %buf = memref.alloc() : memref<64x16xf32, #gpu.address_space<workgroup>>
    memref.copy %src, %buf : memref<64x16xf32> to memref<64x16xf32, #gpu.address_space<workgroup>>
    %private = memref.alloca() : memref<4xf32>
    memref.dealloc %buf : memref<64x16xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}

// -----

// Outside a launch nothing changes.
// CHECK-LABEL: func.func @host
// CHECK:       memref.alloc() : memref<8xf32, #gpu.address_space<workgroup>>
func.func @host() {
  %buf = memref.alloc() : memref<8xf32, #gpu.address_space<workgroup>>
  return
}

// -----

func.func @dynamic(%n: index) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @below {{workgroup memory allocation with a dynamic shape cannot become a launch attribution}}
    %buf = memref.alloc(%n) : memref<?xf32, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  return
}
