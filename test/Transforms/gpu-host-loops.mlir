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

// -----

// The lines of a sort or a scan (an scf.forall without mapping, on buffers,
// as tuner-convert-frontend-ops makes them): a kernel of a thread per line,
// 128 threads a block and enough blocks for the 48 lines; thread `id` takes
// line `id` (the last index fastest) when there is one.
// CHECK-LABEL: func.func @lines
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[BLOCKS:.*]] = arith.maxsi
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[BLOCKS]], %{{.*}}, %{{.*}}) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C128]], %{{.*}}, %{{.*}})
// CHECK: %[[FIRST:.*]] = arith.muli %[[BX]], %[[C128]]
// CHECK: %[[ID:.*]] = arith.addi %[[FIRST]], %[[TX]]
// CHECK: %[[HAS:.*]] = arith.cmpi slt, %[[ID]]
// CHECK: scf.if %[[HAS]]
// CHECK: %[[J:.*]] = arith.remsi %[[ID]], %{{.*}}
// CHECK: %[[REST:.*]] = arith.divsi %[[ID]], %{{.*}}
// CHECK: scf.for %[[K:.*]] =
// CHECK: memref.load %{{.*}}[%{{.*}}, %[[K]], %{{.*}}]
// CHECK: memref.store
// CHECK: gpu.terminator
// CHECK-NOT: scf.forall
// CHECK: return
func.func @lines(%in: memref<6x300x8xf32>, %out: memref<6x300x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c300 = arith.constant 300 : index
  scf.forall (%i, %j) in (6, 8) {
    scf.for %k = %c0 to %c300 step %c1 {
      %x = memref.load %in[%i, %k, %j] : memref<6x300x8xf32>
      memref.store %x, %out[%i, %k, %j] : memref<6x300x8xf32>
    }
  }
  return
}

// -----

// Lines inside a host loop that moves into a kernel of one thread run there
// in order; lines that allocate stay on the host, as a loop.
// CHECK-LABEL: func.func @nested_lines
// CHECK: gpu.launch
// CHECK-NEXT: scf.for
// CHECK-NOT: scf.forall
// CHECK: scf.for
// CHECK-NOT: scf.forall
// CHECK: gpu.terminator
// CHECK-NOT: gpu.launch
// CHECK: scf.for
// CHECK: memref.alloc
// CHECK-NOT: scf.forall
func.func @nested_lines(%in: memref<4x8xf32>, %out: memref<4x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %t = %c0 to %c3 step %c1 {
    scf.forall (%i) in (4) {
      %x = memref.load %in[%i, %t] : memref<4x8xf32>
      memref.store %x, %out[%i, %t] : memref<4x8xf32>
    }
  }
  scf.forall (%i) in (4) {
    %a = memref.alloc() : memref<8xf32>
    %x = memref.load %in[%i, %c0] : memref<4x8xf32>
    memref.store %x, %a[%c0] : memref<8xf32>
  }
  return
}

// -----

// Straight-line buffer accesses (a scan of one line once its loop of one
// iteration is folded): from the first access to the last, into a kernel of
// one thread; a view used after them is hoisted above the kernel. A loaded
// value the host branches on stays on the host with its load.
// CHECK-LABEL: func.func @straight_line
// CHECK: %[[VIEW:.*]] = memref.subview
// CHECK: gpu.launch
// CHECK-NEXT: memref.load
// CHECK-NEXT: memref.store
// CHECK-NEXT: scf.for
// CHECK: gpu.terminator
// CHECK: %[[FLAG:.*]] = memref.load %{{.*}}[] : memref<i1>
// CHECK-NEXT: scf.if %[[FLAG]]
// CHECK: return %[[VIEW]]
func.func @straight_line(%in: memref<37xf32>, %out: memref<37xf32>, %flag: memref<i1>) -> memref<4xf32, strided<[1]>> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c37 = arith.constant 37 : index
  %x0 = memref.load %in[%c0] : memref<37xf32>
  memref.store %x0, %out[%c0] : memref<37xf32>
  %view = memref.subview %out[0] [4] [1] : memref<37xf32> to memref<4xf32, strided<[1]>>
  %last = scf.for %j = %c1 to %c37 step %c1 iter_args(%prev = %x0) -> (f32) {
    %x = memref.load %in[%j] : memref<37xf32>
    %s = arith.addf %prev, %x : f32
    memref.store %s, %out[%j] : memref<37xf32>
    scf.yield %s : f32
  }
  %f = memref.load %flag[] : memref<i1>
  scf.if %f {
    func.call @host_side() : () -> ()
  }
  return %view : memref<4xf32, strided<[1]>>
}
func.func private @host_side()
