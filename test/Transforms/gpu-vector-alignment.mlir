// RUN: tuner-opt %s --split-input-file --tuner-gpu-vector-alignment | FileCheck %s

// A function argument (16-byte aligned by contract), a column index that is
// a multiple of 4 floats: the loads and the store are 16-byte aligned; an
// index of unknown divisor (a thread id) or a floordiv proves nothing.

// CHECK-LABEL: func.func @arguments
// CHECK: vector.load %{{.*}} {alignment = 16 : i64} : memref<64x256xf32>, vector<4xf32>
// CHECK: vector.load %{{.*}} {alignment = 8 : i64} : memref<64x256xf32>, vector<2xf32>
// CHECK: vector.load %{{[^{]*}} : memref<64x256xf32>, vector<4xf32>
// CHECK: vector.load %{{[^{]*}} : memref<64x256xf32>, vector<4xf32>
// CHECK: vector.store %{{.*}} {alignment = 16 : i64} : memref<64x256xf32>, vector<4xf32>
func.func @arguments(%a: memref<64x256xf32>, %b: memref<64x256xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %t = %c1) {
    %i = affine.apply affine_map<()[s0, s1] -> (s0 * 128 + s1 * 4)>()[%bx, %tx]
    %j = affine.apply affine_map<()[s0] -> (s0 * 2)>()[%tx]
    %k = affine.apply affine_map<()[s0] -> ((s0 floordiv 2) * 3)>()[%tx]
    %0 = vector.load %a[%by, %i] : memref<64x256xf32>, vector<4xf32>
    %1 = vector.load %a[%by, %j] : memref<64x256xf32>, vector<2xf32>
    %2 = vector.load %a[%by, %tx] : memref<64x256xf32>, vector<4xf32>
    %3 = vector.load %a[%by, %k] : memref<64x256xf32>, vector<4xf32>
    vector.store %0, %b[%by, %i] : memref<64x256xf32>, vector<4xf32>
    gpu.terminator
  }
  return
}

// -----

// Views: a subview whose offsets are multiples of 8 bf16 (16 bytes), of a
// buffer of the runtime (256-byte aligned); a subview at an odd offset; a
// loop induction variable stepping by 8 from 0.

// CHECK-LABEL: func.func @views
// CHECK: vector.load %{{.*}} {alignment = 16 : i64} : memref<1x8xbf16, strided<[512, 1], offset: ?>>, vector<8xbf16>
// CHECK: vector.load %{{[^{]*}} : memref<1x8xbf16, strided<[512, 1], offset: ?>>, vector<8xbf16>
// CHECK: vector.store %{{.*}} {alignment = 16 : i64} : memref<64x512xbf16>, vector<8xbf16>
func.func @views(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c512 = arith.constant 512 : index
  %buf = gpu.alloc () : memref<64x512xbf16>
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %t = %c1) {
    %i = affine.apply affine_map<()[s0] -> (s0 * 8)>()[%tx]
    %odd = affine.apply affine_map<()[s0] -> (s0 * 8 + 1)>()[%tx]
    %view = memref.subview %buf[%ty, %i] [1, 8] [1, 1] : memref<64x512xbf16> to memref<1x8xbf16, strided<[512, 1], offset: ?>>
    %shifted = memref.subview %buf[%ty, %odd] [1, 8] [1, 1] : memref<64x512xbf16> to memref<1x8xbf16, strided<[512, 1], offset: ?>>
    %0 = vector.load %view[%c0, %c0] : memref<1x8xbf16, strided<[512, 1], offset: ?>>, vector<8xbf16>
    %1 = vector.load %shifted[%c0, %c0] : memref<1x8xbf16, strided<[512, 1], offset: ?>>, vector<8xbf16>
    scf.for %k = %c0 to %c512 step %c8 {
      vector.store %0, %buf[%ty, %k] : memref<64x512xbf16>, vector<8xbf16>
    }
    gpu.terminator
  }
  return
}

// -----

// Bases that prove nothing: a dynamic stride, a stack buffer, a global of
// the host module; a module buffer's assumed alignment does, and so does a
// memref.alloc's alignment.

// CHECK-LABEL: func.func @bases
// CHECK: vector.load %{{[^{]*}} : memref<8x?xf32, strided<[?, 1]>>, vector<4xf32>
// CHECK: vector.load %{{[^{]*}} : memref<8x8xf32>, vector<4xf32>
// CHECK: vector.load %{{.*}} {alignment = 16 : i64} : memref<8x8xf32>, vector<4xf32>
// CHECK: vector.load %{{.*}} {alignment = 8 : i64} : memref<8x8xf32>, vector<4xf32>
// CHECK: vector.load %{{[^{]*}} : memref<8x8xf32>, vector<4xf32>
func.func @bases(%a: memref<8x?xf32, strided<[?, 1]>>, %m: memref<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %g = memref.get_global @g : memref<8x8xf32>
  %aligned = memref.assume_alignment %m, 256 : memref<8x8xf32>
  %alloc = memref.alloc() {alignment = 8} : memref<8x8xf32>
  %stack = memref.alloca() : memref<8x8xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %t = %c1) {
    %0 = vector.load %a[%c1, %c4] : memref<8x?xf32, strided<[?, 1]>>, vector<4xf32>
    %1 = vector.load %g[%c1, %c4] : memref<8x8xf32>, vector<4xf32>
    %2 = vector.load %aligned[%c1, %c4] : memref<8x8xf32>, vector<4xf32>
    %3 = vector.load %alloc[%c1, %c4] : memref<8x8xf32>, vector<4xf32>
    %4 = vector.load %stack[%c1, %c4] : memref<8x8xf32>, vector<4xf32>
    gpu.terminator
  }
  return
}
memref.global "private" constant @g : memref<8x8xf32> = dense<1.0>

// -----

// Outside a kernel: left alone.

// CHECK-LABEL: func.func @host
// CHECK: vector.load %{{[^{]*}} : memref<8x8xf32>, vector<4xf32>
func.func @host(%a: memref<8x8xf32>) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %0 = vector.load %a[%c0, %c0] : memref<8x8xf32>, vector<4xf32>
  return %0 : vector<4xf32>
}

// -----

// Indices that delinearize one linear index over a row-major run of the
// memref's dimensions (a collapse_shape folded into the load): the offset is
// the linear index (a multiple of 4 floats) times the run's innermost
// stride. A delinearization whose basis is not the memref's (16 x 80 over
// rows of 81) or whose results are out of order proves nothing. A
// linearized index's divisor is that of its terms (each index times the
// basis after it).

// CHECK-LABEL: func.func @delinearized
// CHECK: vector.load %{{.*}} {alignment = 16 : i64} : memref<4x16x81xf32>, vector<4xf32>
// CHECK: vector.load %{{[^{]*}} : memref<4x16x81xf32>, vector<4xf32>
// CHECK: vector.load %{{[^{]*}} : memref<4x16x81xf32>, vector<4xf32>
// CHECK: vector.load %{{.*}} {alignment = 16 : i64} : memref<512x512xf32>, vector<4xf32>
// CHECK: vector.load %{{[^{]*}} : memref<512x512xf32>, vector<4xf32>
func.func @delinearized(%a: memref<4x16x81xf32>, %b: memref<512x512xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %t = %c1) {
    %l = affine.apply affine_map<()[s0] -> (s0 * 4)>()[%tx]
    %d:2 = affine.delinearize_index %l into (16, 81) : index, index
    %e:2 = affine.delinearize_index %l into (16, 80) : index, index
    %0 = vector.load %a[%bx, %d#0, %d#1] : memref<4x16x81xf32>, vector<4xf32>
    %1 = vector.load %a[%bx, %e#0, %e#1] : memref<4x16x81xf32>, vector<4xf32>
    %2 = vector.load %a[%bx, %d#1, %d#0] : memref<4x16x81xf32>, vector<4xf32>
    // A piece of a split row: block bx's piece of 1024, linearized, then
    // delinearized over the matrix (a multiple of 4 floats); with an odd
    // piece offset (tx), nothing.
    %lin = affine.linearize_index [%bx, %l] by (256, 1024) : index
    %m:2 = affine.delinearize_index %lin into (512, 512) : index, index
    %3 = vector.load %b[%m#0, %m#1] : memref<512x512xf32>, vector<4xf32>
    %lin2 = affine.linearize_index [%bx, %tx] by (256, 1024) : index
    %n:2 = affine.delinearize_index %lin2 into (512, 512) : index, index
    %4 = vector.load %b[%n#0, %n#1] : memref<512x512xf32>, vector<4xf32>
    gpu.terminator
  }
  return
}

// -----

// A contiguous read of a gather the vectorizer took (an im2col window):
// its indices are lane 0 of vectors of broadcast scalars plus a constant
// step. Lane 0 of (8 * tx) + [0, 1, ..., 7] is a multiple of 8 bf16: 16
// bytes; lane 1 is odd, and lane 0 of (8 * tx) + [4, ...] a multiple of 4
// (8 bytes).

// CHECK-LABEL: func.func @vector_lanes
// CHECK: vector.load %{{.*}} {alignment = 16 : i64} : memref<2x18x18x32xbf16>, vector<8xbf16>
// CHECK: vector.load %{{[^{]*}} : memref<2x18x18x32xbf16>, vector<8xbf16>
// CHECK: vector.load %{{.*}} {alignment = 8 : i64} : memref<2x18x18x32xbf16>, vector<4xbf16>
func.func @vector_lanes(%a: memref<2x18x18x32xbf16>, %n: index, %h: index) {
  %c1 = arith.constant 1 : index
  %step = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : vector<8xindex>
  %shifted = arith.constant dense<[4, 5, 6, 7, 8, 9, 10, 11]> : vector<8xindex>
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %t = %c1) {
    %c = affine.apply affine_map<()[s0] -> (s0 * 8)>()[%tx]
    %cv = vector.broadcast %c : index to vector<8xindex>
    %lanes = arith.addi %cv, %step : vector<8xindex>
    %other = arith.addi %cv, %shifted : vector<8xindex>
    %c0 = vector.extract %lanes[0] : index from vector<8xindex>
    %c1l = vector.extract %lanes[1] : index from vector<8xindex>
    %c4 = vector.extract %other[0] : index from vector<8xindex>
    %0 = vector.load %a[%n, %h, %ty, %c0] : memref<2x18x18x32xbf16>, vector<8xbf16>
    %1 = vector.load %a[%n, %h, %ty, %c1l] : memref<2x18x18x32xbf16>, vector<8xbf16>
    %2 = vector.load %a[%n, %h, %ty, %c4] : memref<2x18x18x32xbf16>, vector<4xbf16>
    gpu.terminator
  }
  return
}
