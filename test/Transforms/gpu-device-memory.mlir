// RUN: tuner-opt %s --split-input-file --tuner-gpu-device-memory | FileCheck %s
// RUN: tuner-opt %s --split-input-file --tuner-gpu-device-memory="report=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

// A constant weight a kernel reads: a device copy, uploaded on the first
// call (the slot global holds it), freed by the module's destructor; the
// launch reads the copy, never the host global.

// CHECK-LABEL: module {
// CHECK:       llvm.mlir.global internal @__tuner_buffer_w() {{.*}} : !llvm.ptr {
// CHECK-NEXT:    %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT:    llvm.return %[[NULL]]
// CHECK:       func.func @weights(%[[A:.*]]: memref<4x8xf32>)
// CHECK-SAME:    host_args = array<i64>
// CHECK:         %[[HOST:.*]] = memref.get_global @w : memref<8x8xf32>
// CHECK-NEXT:    %[[SLOT:[0-9]+]] = llvm.mlir.addressof @__tuner_buffer_w
// CHECK-NEXT:    %[[INDEX:.*]] = memref.extract_aligned_pointer_as_index %[[HOST]]
// CHECK-NEXT:    %[[INT:[0-9]+]] = arith.index_cast %[[INDEX]] : index to i64
// CHECK-NEXT:    %[[INIT:[0-9]+]] = llvm.inttoptr %[[INT]]
// CHECK-NEXT:    %[[BYTES:[0-9]+]] = llvm.mlir.constant(256 : i64) : i64
// CHECK-NEXT:    %[[DEVICE:[0-9]+]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT:    %[[PTR:[0-9]+]] = llvm.call @mgpuTunerModuleBuffer(%[[SLOT]], %[[INIT]], %[[BYTES]], %[[DEVICE]])
// CHECK:         llvm.insertvalue %[[PTR]], %{{[0-9]+}}[0]
// CHECK:         llvm.insertvalue %[[PTR]], %{{[0-9]+}}[1]
// CHECK:         %[[CAST:[0-9]+]] = builtin.unrealized_conversion_cast %{{[0-9]+}} : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<8x8xf32>
// CHECK-NEXT:    %[[COPY:.*]] = memref.assume_alignment %[[CAST]], 256
// CHECK:         gpu.launch
// CHECK:           memref.load %[[COPY]]
// CHECK-NOT:       memref.load %[[HOST]]
// CHECK:       llvm.func @mgpuTunerModuleBuffer(!llvm.ptr, !llvm.ptr, i64, i32) -> !llvm.ptr
// CHECK:       llvm.func @mgpuTunerModuleBufferFree(!llvm.ptr)
// CHECK:       llvm.func internal @__tuner_free_buffers() {
// CHECK:         llvm.call @mgpuTunerModuleBufferFree(
// CHECK:       llvm.mlir.global_dtors dtors = [@__tuner_free_buffers], priorities = [0 : i32], data = [#llvm.zero]

// REPORT: remark: host ops touching tensor data: 0
memref.global "private" constant @w : memref<8x8xf32> = dense<5.000000e-01>
func.func @weights(%a: memref<4x8xf32>) attributes {tuner.kernel = {inputs = [], outputs = []}} {
  %c1 = arith.constant 1 : index
  %w = memref.get_global @w : memref<8x8xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %t = %c1) {
    %e = memref.load %w[%tx, %ty] : memref<8x8xf32>
    memref.store %e, %a[%tx, %ty] : memref<4x8xf32>
    gpu.terminator
  }
  return
}

// -----

// A global the host reads too, through a view: one managed copy (managed =
// 1) for both; a global only the host reads stays where it is.

// CHECK-LABEL: module {
// CHECK-NOT:   @__tuner_buffer_h
// CHECK:       func.func @shared
// CHECK:         memref.get_global @g
// CHECK:         %[[MANAGED:[0-9]+]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT:    llvm.call @mgpuTunerModuleBuffer(%{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %[[MANAGED]])
// CHECK:         %[[CAST:[0-9]+]] = builtin.unrealized_conversion_cast
// CHECK-NEXT:    %[[COPY:.*]] = memref.assume_alignment %[[CAST]], 256
// CHECK:         %[[VIEW:.*]] = memref.subview %[[COPY]]
// CHECK:         memref.load %[[VIEW]]
// CHECK:         %[[H:.*]] = memref.get_global @h
// CHECK-NEXT:    memref.load %[[H]]

// REPORT: remark: host ops touching tensor data: 2 memref.load x2
memref.global "private" constant @g : memref<16xf32> = dense<1.0>
memref.global "private" constant @h : memref<16xf32> = dense<2.0>
func.func @shared(%out: memref<16xf32>) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %g = memref.get_global @g : memref<16xf32>
  %view = memref.subview %g[4] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: 4>>
  %first = memref.load %view[%c0] : memref<8xf32, strided<[1], offset: 4>>
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %t = %c1) {
    %e = memref.load %g[%tx] : memref<16xf32>
    memref.store %e, %out[%tx] : memref<16xf32>
    gpu.terminator
  }
  %h = memref.get_global @h : memref<16xf32>
  %second = memref.load %h[%c0] : memref<16xf32>
  return %first, %second : f32, f32
}

// -----

// Temporaries: one only kernels touch lives in device memory for the
// module's life (its dealloc goes); one the host writes is managed; a
// returned one and one allocated in a loop are managed memory per call.
// The argument the host reads is recorded in host_args.

// CHECK-LABEL: module {
// CHECK:       llvm.mlir.global internal @__tuner_buffer_temp1()
// CHECK:       llvm.mlir.global internal @__tuner_buffer_temp0()
// CHECK:       func.func @temporaries(%[[IN:.*]]: memref<32xf32>, %[[OUT:.*]]: memref<32xf32>)
// CHECK-SAME:    host_args = array<i64: 0>
// CHECK:         %[[DEV:[0-9]+]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT:    llvm.call @mgpuTunerModuleBuffer(%{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %[[DEV]])
// CHECK:         %[[MAN:[0-9]+]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT:    llvm.call @mgpuTunerModuleBuffer(%{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %[[MAN]])
// CHECK:         gpu.alloc host_shared () : memref<32xf32>
// CHECK:         scf.for
// CHECK:           gpu.alloc host_shared () : memref<32xf32>
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.dealloc
// CHECK:         return

// REPORT: remark: host ops touching tensor data: 2 memref.load x1 memref.store x1
func.func @temporaries(%in: memref<32xf32>, %out: memref<32xf32>) -> memref<32xf32> attributes {tuner.kernel = {inputs = [], outputs = []}} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %device = memref.alloc() : memref<32xf32>
  %managed = memref.alloc() : memref<32xf32>
  %result = memref.alloc() : memref<32xf32>
  %v = memref.load %in[%c0] : memref<32xf32>
  memref.store %v, %managed[%c0] : memref<32xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c1, %v2 = %c1, %t = %c1) {
    %e = memref.load %managed[%tx] : memref<32xf32>
    memref.store %e, %device[%tx] : memref<32xf32>
    %f = memref.load %device[%tx] : memref<32xf32>
    memref.store %f, %result[%tx] : memref<32xf32>
    memref.store %f, %out[%tx] : memref<32xf32>
    gpu.terminator
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %step = memref.alloc() : memref<32xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
               threads(%tx, %ty, %tz) in (%u = %c1, %v2 = %c1, %t = %c1) {
      memref.store %v, %step[%tx] : memref<32xf32>
      gpu.terminator
    }
  }
  memref.dealloc %device : memref<32xf32>
  return %result : memref<32xf32>
}

// -----

// A temporary the program frees through its base buffer (a callee's result
// after inlining, as buddy-mlir's deallocating programs write it): the
// device buffer that replaces it is the runtime's, so the host's free of
// the base goes too (it freed a device pointer).

// CHECK-LABEL: func.func @freed_base
// CHECK:         llvm.call @mgpuTunerModuleBuffer
// CHECK-NOT:     memref.dealloc
// CHECK:         return
func.func @freed_base(%out: memref<32xf32>) attributes {tuner.kernel = {inputs = [], outputs = []}} {
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %buffer = memref.alloc() : memref<32xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %t = %c1) {
    %f = arith.constant 1.0 : f32
    memref.store %f, %buffer[%tx] : memref<32xf32>
    %g = memref.load %buffer[%tx] : memref<32xf32>
    memref.store %g, %out[%tx] : memref<32xf32>
    gpu.terminator
  }
  %base, %offset, %size, %stride = memref.extract_strided_metadata %buffer : memref<32xf32> -> memref<f32>, index, index, index
  scf.if %true {
    memref.dealloc %base : memref<f32>
  }
  return
}

// -----

// A function that returns no memref (out-parameters) frees the buffers it
// allocates per call when it returns: those in a loop and in a branch come
// from mgpuTunerCallBuffer, and each return releases the mark taken at the
// start. A dynamic shape keeps managed memory of its own.

// CHECK-LABEL: func.func @per_call(
// CHECK:         %[[MARK:.*]] = llvm.call @mgpuTunerCallMark() : () -> i64
// CHECK:         scf.for
// CHECK:           llvm.call @mgpuTunerCallBuffer(%{{.*}}) : (i64) -> !llvm.ptr
// CHECK:           memref.assume_alignment %{{.*}}, 256 : memref<32xf32>
// CHECK:         scf.if
// CHECK:           llvm.call @mgpuTunerCallBuffer
// CHECK:           gpu.alloc host_shared (%{{.*}}) : memref<?xf32>
// CHECK:         llvm.call @mgpuTunerCallRelease(%[[MARK]]) : (i64) -> ()
// CHECK-NEXT:    return
// CHECK-NOT:     memref.alloc

// REPORT: remark: host ops touching tensor data: 0
func.func @per_call(%out: memref<32xf32>, %n: index, %p: i1) attributes {tuner.kernel = {inputs = [], outputs = []}} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %step = memref.alloc() : memref<32xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
               threads(%tx, %ty, %tz) in (%u = %c1, %v2 = %c1, %t = %c1) {
      %e = memref.load %step[%tx] : memref<32xf32>
      memref.store %e, %out[%tx] : memref<32xf32>
      gpu.terminator
    }
  }
  scf.if %p {
    %branch = memref.alloc() : memref<32xf32>
    %dynamic = memref.alloc(%n) : memref<?xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
               threads(%tx, %ty, %tz) in (%u = %c1, %v2 = %c1, %t = %c1) {
      %e = memref.load %branch[%tx] : memref<32xf32>
      memref.store %e, %dynamic[%tx] : memref<?xf32>
      gpu.terminator
    }
  }
  return
}

// -----

// Host copies between device buffers become device copies: the
// out-parameter filled from a reshaped result (one contiguous row of 64
// bytes), a pad's interior (4 rows of 16 bytes, 24 and 16 bytes apart); a
// copy the device cannot make as rows (a transposed view) becomes a copy
// kernel (a thread per element, row-major), so that no host code touches
// the buffers (before, a loop on the host over managed memory).

// CHECK-LABEL: module {
// CHECK:       func.func @copies(
// CHECK-SAME:    host_args = array<i64>
// CHECK:         memref.expand_shape
// CHECK:         %[[DP:[0-9]+]] = llvm.mlir.constant(64 : i64) : i64
// CHECK-NEXT:    %[[SP:[0-9]+]] = llvm.mlir.constant(64 : i64) : i64
// CHECK-NEXT:    %[[RB:[0-9]+]] = llvm.mlir.constant(64 : i64) : i64
// CHECK-NEXT:    %[[R:[0-9]+]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT:    llvm.call @mgpuTunerCopy2D(%{{[0-9]+}}, %[[DP]], %{{[0-9]+}}, %[[SP]], %[[RB]], %[[R]])
// CHECK:         memref.subview
// CHECK:         %[[DP2:[0-9]+]] = llvm.mlir.constant(24 : i64) : i64
// CHECK-NEXT:    %[[SP2:[0-9]+]] = llvm.mlir.constant(16 : i64) : i64
// CHECK-NEXT:    %[[RB2:[0-9]+]] = llvm.mlir.constant(16 : i64) : i64
// CHECK-NEXT:    %[[R2:[0-9]+]] = llvm.mlir.constant(4 : i64) : i64
// CHECK-NEXT:    llvm.call @mgpuTunerCopy2D(%{{[0-9]+}}, %[[DP2]], %{{[0-9]+}}, %[[SP2]], %[[RB2]], %[[R2]])
// CHECK:         %[[T:.*]] = memref.transpose
// CHECK:         gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in ({{.*}}) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C256:.*]], %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) {
// CHECK:           %[[LIN:.*]] = arith.addi %{{.*}}, %[[TX]] : index
// CHECK:           %[[IN:.*]] = arith.cmpi ult, %[[LIN]], %c16{{.*}} : index
// CHECK:           scf.if %[[IN]] {
// CHECK:             %[[J:.*]] = arith.remui %{{.*}}, %c4
// CHECK:             %[[Q:.*]] = arith.divui %[[LIN]], %c4
// CHECK:             %[[I:.*]] = arith.remui %[[Q]], %c4
// CHECK:             %[[V:.*]] = memref.load %[[T]][%[[I]], %[[J]]] : memref<4x4xf32, strided<[1, 4]>>
// CHECK:             memref.store %[[V]], %{{.*}}[%[[I]], %[[J]]] : memref<4x4xf32>
// CHECK-NOT:     memref.copy
// CHECK:       llvm.func @mgpuTunerCopy2D(!llvm.ptr, i64, !llvm.ptr, i64, i64, i64)

// REPORT: remark: host ops touching tensor data: 0
func.func @copies(%out: memref<1x16xf32>, %padded: memref<6x6xf32>, %t: memref<4x4xf32>) attributes {tuner.kernel = {inputs = [], outputs = []}} {
  %c1 = arith.constant 1 : index
  %tmp = memref.alloc() : memref<16xf32>
  %small = memref.alloc() : memref<4x4xf32>
  %other = memref.alloc() : memref<4x4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    %zero = arith.constant 0.0 : f32
    memref.store %zero, %tmp[%tx] : memref<16xf32>
    memref.store %zero, %small[%tx, %tx] : memref<4x4xf32>
    memref.store %zero, %other[%tx, %tx] : memref<4x4xf32>
    gpu.terminator
  }
  %expanded = memref.expand_shape %tmp [[0, 1]] output_shape [1, 16] : memref<16xf32> into memref<1x16xf32>
  memref.copy %expanded, %out : memref<1x16xf32> to memref<1x16xf32>
  %interior = memref.subview %padded[1, 1] [4, 4] [1, 1] : memref<6x6xf32> to memref<4x4xf32, strided<[6, 1], offset: 7>>
  linalg.copy ins(%small : memref<4x4xf32>) outs(%interior : memref<4x4xf32, strided<[6, 1], offset: 7>>)
  %transposed = memref.transpose %other (i, j) -> (j, i) : memref<4x4xf32> to memref<4x4xf32, strided<[1, 4]>>
  memref.copy %transposed, %t : memref<4x4xf32, strided<[1, 4]>> to memref<4x4xf32>
  return
}

// -----

// A pad's interior over several channels (2 planes of 4 rows of 16 bytes;
// rows 24 and 16 bytes apart, planes 144 and 64): one device copy of
// planes. Planes that overlap in the destination cannot be made so.

// CHECK-LABEL: module {
// CHECK:       func.func @planes(
// CHECK:         memref.subview
// CHECK:         %[[DP:[0-9]+]] = llvm.mlir.constant(24 : i64) : i64
// CHECK-NEXT:    %[[DPP:[0-9]+]] = llvm.mlir.constant(144 : i64) : i64
// CHECK-NEXT:    %[[SP:[0-9]+]] = llvm.mlir.constant(16 : i64) : i64
// CHECK-NEXT:    %[[SPP:[0-9]+]] = llvm.mlir.constant(64 : i64) : i64
// CHECK-NEXT:    %[[RB:[0-9]+]] = llvm.mlir.constant(16 : i64) : i64
// CHECK-NEXT:    %[[R:[0-9]+]] = llvm.mlir.constant(4 : i64) : i64
// CHECK-NEXT:    %[[P:[0-9]+]] = llvm.mlir.constant(2 : i64) : i64
// CHECK-NEXT:    llvm.call @mgpuTunerCopy3D(%{{[0-9]+}}, %[[DP]], %[[DPP]], %{{[0-9]+}}, %[[SP]], %[[SPP]], %[[RB]], %[[R]], %[[P]])
// CHECK:       llvm.func @mgpuTunerCopy3D(!llvm.ptr, i64, i64, !llvm.ptr, i64, i64, i64, i64, i64)

// REPORT: remark: host ops touching tensor data: 0
func.func @planes(%padded: memref<2x6x6xf32>) attributes {tuner.kernel = {inputs = [], outputs = []}} {
  %c1 = arith.constant 1 : index
  %small = memref.alloc() : memref<2x4x4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    %zero = arith.constant 0.0 : f32
    memref.store %zero, %small[%tx, %tx, %tx] : memref<2x4x4xf32>
    gpu.terminator
  }
  %interior = memref.subview %padded[0, 1, 1] [2, 4, 4] [1, 1, 1] : memref<2x6x6xf32> to memref<2x4x4xf32, strided<[36, 6, 1], offset: 7>>
  linalg.copy ins(%small : memref<2x4x4xf32>) outs(%interior : memref<2x4x4xf32, strided<[36, 6, 1], offset: 7>>)
  return
}

// -----

// A host copy of no element is dropped (a sort of 5 x 0 copies its result
// into the out-parameter).
// CHECK-LABEL: func.func @empty_copy
// CHECK-NOT: memref.copy
// CHECK-NOT: mgpuTunerCopy
// CHECK-NOT: gpu.launch
// CHECK: return
func.func @empty_copy(%a: memref<5x0xf32>, %b: memref<5x0xf32>) {
  memref.copy %a, %b : memref<5x0xf32> to memref<5x0xf32>
  return
}

// -----

// A mutable global a kernel accumulates into and the host reads in another
// function (buddy-mlir's examples keep their output in `memref.global
// "private" @C`): one managed copy, and every get_global of it, kernel or
// not, goes to the copy, so its value carries from call to call.

// CHECK-LABEL: func.func @accumulate
// CHECK:         memref.get_global @acc
// CHECK:         %[[MANAGED:[0-9]+]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT:    llvm.call @mgpuTunerModuleBuffer(%{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %[[MANAGED]])
// CHECK:         %[[COPY:.*]] = memref.assume_alignment
// CHECK:         gpu.launch
// CHECK:           memref.store %{{.*}}, %[[COPY]]
// CHECK-LABEL: func.func @read
// CHECK:         memref.get_global @acc
// CHECK:         llvm.call @mgpuTunerModuleBuffer
// CHECK:         %[[RCOPY:.*]] = memref.assume_alignment
// CHECK-NEXT:    memref.load %[[RCOPY]]
memref.global "private" @acc : memref<4xf32> = dense<0.0>
func.func @accumulate() {
  %c1 = arith.constant 1 : index
  %g = memref.get_global @acc : memref<4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    %e = memref.load %g[%tx] : memref<4xf32>
    %f = arith.addf %e, %e : f32
    memref.store %f, %g[%tx] : memref<4xf32>
    gpu.terminator
  }
  return
}
func.func @read() -> f32 {
  %c0 = arith.constant 0 : index
  %g = memref.get_global @acc : memref<4xf32>
  %e = memref.load %g[%c0] : memref<4xf32>
  return %e : f32
}

// -----

// A buffer of vectors (memref<2xvector<4xf32>>, as upstream's vector
// lowering writes them) that a kernel reads: its size counts the vectors'
// bytes (it crashed, asking an element type that is not a scalar for its
// bit width).

// CHECK-LABEL: func.func @vectors
// CHECK:         llvm.mlir.constant(32 : i64) : i64
// CHECK:         llvm.call @mgpuTunerModuleBuffer
func.func @vectors(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = memref.alloca() : memref<2xvector<4xf32>>
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    %e = memref.load %s[%c0] : memref<2xvector<4xf32>>
    vector.store %e, %out[%c0] : memref<4xf32>, vector<4xf32>
    gpu.terminator
  }
  return
}
