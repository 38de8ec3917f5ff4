// RUN: tuner-opt %s --tuner-gpu-host-loops --split-input-file | FileCheck %s

// A scan's loops on buffers (what tm_tensor.scan becomes after
// bufferization): the outermost loop moves into a kernel of one thread.
// CHECK-LABEL: func.func @scan
// CHECK: gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[ONE:.*]], %{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]]) threads(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]])
// CHECK-NEXT: scf.for
// CHECK: memref.load
// CHECK: scf.for
// CHECK: arith.addf
// CHECK: memref.store
// CHECK: gpu.terminator
// CHECK-NOT: scf.for
// CHECK: return
func.func @scan(%in: memref<4x37xf32>, %out: memref<4x37xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c37 = arith.constant 37 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x0 = memref.load %in[%i, %c0] : memref<4x37xf32>
    memref.store %x0, %out[%i, %c0] : memref<4x37xf32>
    %last = scf.for %j = %c1 to %c37 step %c1 iter_args(%prev = %x0) -> (f32) {
      %x = memref.load %in[%i, %j] : memref<4x37xf32>
      %s = arith.addf %prev, %x : f32
      memref.store %s, %out[%i, %j] : memref<4x37xf32>
      scf.yield %s : f32
    }
  }
  return
}

// -----

// Loops that stay on the host: one with a result (the host reads it), one
// that allocates, one that launches kernels, one that touches no buffer.
// CHECK-LABEL: func.func @kept
// CHECK-NOT: gpu.launch blocks
// CHECK: scf.for {{.*}} -> (f32)
// CHECK: memref.alloc
// CHECK: gpu.launch blocks
// CHECK-NOT: gpu.launch blocks
func.func @kept(%in: memref<8xf32>, %out: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %sum = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (f32) {
    %x = memref.load %in[%i] : memref<8xf32>
    %s = arith.addf %acc, %x : f32
    scf.yield %s : f32
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %t = memref.alloc() : memref<8xf32>
    %x = memref.load %in[%i] : memref<8xf32>
    memref.store %x, %t[%i] : memref<8xf32>
  }
  scf.for %i = %c0 to %c8 step %c1 {
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %x = memref.load %in[%i] : memref<8xf32>
      memref.store %x, %out[%i] : memref<8xf32>
      gpu.terminator
    }
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %y = arith.addi %i, %i : index
  }
  return %sum : f32
}
