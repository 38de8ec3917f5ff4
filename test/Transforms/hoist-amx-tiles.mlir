// RUN: tuner-opt %s --split-input-file --tuner-hoist-amx-tiles | FileCheck %s

// A K loop that loads, multiplies and stores two sibling C tiles: both are
// carried through the loop; the A tile both products read is loaded once.

// CHECK-LABEL: func.func @carried
// CHECK-DAG:     %[[C0:.+]] = memref.subview %{{.+}}[0, 0] [16, 16]
// CHECK-DAG:     %[[C1:.+]] = memref.subview %{{.+}}[0, 16] [16, 16]
// CHECK:         %[[I0:.+]] = amx.tile_load %[[C0]]
// CHECK:         %[[I1:.+]] = amx.tile_load %[[C1]]
// CHECK:         %[[R:.+]]:2 = scf.for {{.+}} iter_args(%[[X:.+]] = %[[I0]], %[[Y:.+]] = %[[I1]]) -> (!amx.tile<16x16xf32>, !amx.tile<16x16xf32>)
// CHECK:           %[[A:.+]] = amx.tile_load %{{.+}} : memref<16x32xbf16
// CHECK-NOT:       amx.tile_load %{{.+}} : memref<16x32xbf16, strided<[512, 1]
// CHECK:           amx.tile_mulf %[[A]], %{{.+}}, %[[X]]
// CHECK:           amx.tile_mulf %[[A]], %{{.+}}, %[[Y]]
// CHECK-NOT:       amx.tile_store
// CHECK:           scf.yield
// CHECK:         amx.tile_store %[[C0]][{{.+}}], %[[R]]#0
// CHECK:         amx.tile_store %[[C1]][{{.+}}], %[[R]]#1
func.func @carried(%a: memref<16x512xbf16>, %b: memref<256x64xbf16>, %c: memref<16x32xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  scf.for %k = %c0 to %c256 step %c16 {
    %ka = arith.muli %k, %c32 : index
    %as = memref.subview %a[0, %ka] [16, 32] [1, 1] : memref<16x512xbf16> to memref<16x32xbf16, strided<[512, 1], offset: ?>>
    %c0s = memref.subview %c[0, 0] [16, 16] [1, 1] : memref<16x32xf32> to memref<16x16xf32, strided<[32, 1]>>
    %a0 = amx.tile_load %as[%c0, %c0] : memref<16x32xbf16, strided<[512, 1], offset: ?>> into !amx.tile<16x32xbf16>
    %b0 = amx.tile_load %b[%k, %c0] : memref<256x64xbf16> into !amx.tile<16x32xbf16>
    %x = amx.tile_load %c0s[%c0, %c0] : memref<16x16xf32, strided<[32, 1]>> into !amx.tile<16x16xf32>
    %x1 = amx.tile_mulf %a0, %b0, %x : !amx.tile<16x32xbf16>, !amx.tile<16x32xbf16>, !amx.tile<16x16xf32>
    amx.tile_store %c0s[%c0, %c0], %x1 : memref<16x16xf32, strided<[32, 1]>>, !amx.tile<16x16xf32>
    %c1s = memref.subview %c[0, 16] [16, 16] [1, 1] : memref<16x32xf32> to memref<16x16xf32, strided<[32, 1], offset: 16>>
    %a1 = amx.tile_load %as[%c0, %c0] : memref<16x32xbf16, strided<[512, 1], offset: ?>> into !amx.tile<16x32xbf16>
    %b1 = amx.tile_load %b[%k, %c32] : memref<256x64xbf16> into !amx.tile<16x32xbf16>
    %y = amx.tile_load %c1s[%c0, %c0] : memref<16x16xf32, strided<[32, 1], offset: 16>> into !amx.tile<16x16xf32>
    %y1 = amx.tile_mulf %a1, %b1, %y : !amx.tile<16x32xbf16>, !amx.tile<16x32xbf16>, !amx.tile<16x16xf32>
    amx.tile_store %c1s[%c0, %c0], %y1 : memref<16x16xf32, strided<[32, 1], offset: 16>>, !amx.tile<16x16xf32>
  }
  return
}

// -----

// The two C views overlap (columns 8..15): neither tile is carried.

// CHECK-LABEL: func.func @overlapping
// CHECK:         scf.for
// CHECK-NOT:       iter_args
// CHECK:           amx.tile_store
// CHECK:           amx.tile_store
func.func @overlapping(%a: memref<16x32xbf16>, %b: memref<16x32xbf16>, %c: memref<16x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %k = %c0 to %c4 step %c1 {
    %c0s = memref.subview %c[0, 0] [16, 16] [1, 1] : memref<16x32xf32> to memref<16x16xf32, strided<[32, 1]>>
    %c1s = memref.subview %c[0, 8] [16, 16] [1, 1] : memref<16x32xf32> to memref<16x16xf32, strided<[32, 1], offset: 8>>
    %a0 = amx.tile_load %a[%c0, %c0] : memref<16x32xbf16> into !amx.tile<16x32xbf16>
    %b0 = amx.tile_load %b[%c0, %c0] : memref<16x32xbf16> into !amx.tile<16x32xbf16>
    %x = amx.tile_load %c0s[%c0, %c0] : memref<16x16xf32, strided<[32, 1]>> into !amx.tile<16x16xf32>
    %x1 = amx.tile_mulf %a0, %b0, %x : !amx.tile<16x32xbf16>, !amx.tile<16x32xbf16>, !amx.tile<16x16xf32>
    amx.tile_store %c0s[%c0, %c0], %x1 : memref<16x16xf32, strided<[32, 1]>>, !amx.tile<16x16xf32>
    %y = amx.tile_load %c1s[%c0, %c0] : memref<16x16xf32, strided<[32, 1], offset: 8>> into !amx.tile<16x16xf32>
    %y1 = amx.tile_mulf %a0, %b0, %y : !amx.tile<16x32xbf16>, !amx.tile<16x32xbf16>, !amx.tile<16x16xf32>
    amx.tile_store %c1s[%c0, %c0], %y1 : memref<16x16xf32, strided<[32, 1], offset: 8>>, !amx.tile<16x16xf32>
  }
  return
}

// -----

// Another op writes memory in the loop (a memref.store into C): nothing is
// hoisted, and the A tile loaded after the store is loaded again.

// CHECK-LABEL: func.func @other_effects
// CHECK:         scf.for
// CHECK-NOT:       iter_args
// CHECK:           amx.tile_load %{{.+}} : memref<16x32xbf16>
// CHECK:           memref.store
// CHECK:           amx.tile_load %{{.+}} : memref<16x32xbf16>
// CHECK:           amx.tile_store
func.func @other_effects(%a: memref<16x32xbf16>, %c: memref<16x16xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %k = %c0 to %c4 step %c1 {
    %a0 = amx.tile_load %a[%c0, %c0] : memref<16x32xbf16> into !amx.tile<16x32xbf16>
    memref.store %v, %c[%k, %c0] : memref<16x16xf32>
    %b0 = amx.tile_load %a[%c0, %c0] : memref<16x32xbf16> into !amx.tile<16x32xbf16>
    %x = amx.tile_load %c[%c0, %c0] : memref<16x16xf32> into !amx.tile<16x16xf32>
    %x1 = amx.tile_mulf %a0, %b0, %x : !amx.tile<16x32xbf16>, !amx.tile<16x32xbf16>, !amx.tile<16x16xf32>
    amx.tile_store %c[%c0, %c0], %x1 : memref<16x16xf32>, !amx.tile<16x16xf32>
  }
  return
}

// -----

// The C tile moves with the loop (its row is the induction variable): it
// stays in the loop.

// CHECK-LABEL: func.func @variant
// CHECK:         scf.for
// CHECK-NOT:       iter_args
// CHECK:           amx.tile_load %{{.+}} : memref<64x16xf32>
// CHECK:           amx.tile_store
func.func @variant(%a: memref<16x32xbf16>, %c: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  scf.for %m = %c0 to %c64 step %c16 {
    %a0 = amx.tile_load %a[%c0, %c0] : memref<16x32xbf16> into !amx.tile<16x32xbf16>
    %x = amx.tile_load %c[%m, %c0] : memref<64x16xf32> into !amx.tile<16x16xf32>
    %x1 = amx.tile_mulf %a0, %a0, %x : !amx.tile<16x32xbf16>, !amx.tile<16x32xbf16>, !amx.tile<16x16xf32>
    amx.tile_store %c[%m, %c0], %x1 : memref<64x16xf32>, !amx.tile<16x16xf32>
  }
  return
}
