// RUN: tuner-opt %s --tuner-decompose-aggregates --split-input-file | FileCheck %s

// linalg.softmax becomes the linalg ops it stands for.
// CHECK-LABEL: func.func @softmax
// CHECK-NOT: linalg.softmax
// CHECK: linalg.generic
// CHECK: arith.maxnumf
// CHECK: math.exp
// CHECK: arith.divf
func.func @softmax(%x: tensor<4x32xf32>) -> tensor<4x32xf32> {
  %e = tensor.empty() : tensor<4x32xf32>
  %r = linalg.softmax dimension(1) ins(%x : tensor<4x32xf32>) outs(%e : tensor<4x32xf32>) -> tensor<4x32xf32>
  return %r : tensor<4x32xf32>
}

// -----

// Elementwise ops on whole tensors become linalg.generic ops; a select with
// a tensor condition would not bufferize otherwise.
// CHECK-LABEL: func.func @tensor_arith
// CHECK-NOT: arith.addf {{.*}} : tensor
// CHECK-NOT: arith.select {{.*}} : tensor
// CHECK: linalg.generic
// CHECK: arith.addf {{.*}} : f32
// CHECK: linalg.generic
// CHECK: arith.cmpf
// CHECK: linalg.generic
// CHECK: arith.select {{.*}} : f32
func.func @tensor_arith(%a: tensor<4x6xf32>, %b: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %s = arith.addf %a, %b : tensor<4x6xf32>
  %c = arith.cmpf ogt, %s, %b : tensor<4x6xf32>
  %r = arith.select %c, %s, %b : tensor<4x6xi1>, tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

// -----

// Aggregates on buffers are left alone (their decompositions build tensors).
// CHECK-LABEL: func.func @softmax_buffers
// CHECK: linalg.softmax
func.func @softmax_buffers(%x: memref<4x32xf32>, %y: memref<4x32xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<4x32xf32>) outs(%y : memref<4x32xf32>)
  return
}

// -----

// linalg.pack becomes a pad, an expand_shape and a transpose; linalg.unpack
// a transpose, a collapse_shape, a slice and a copy.
// CHECK-LABEL: func.func @pack_unpack
// CHECK-NOT:   linalg.pack
// CHECK:       tensor.pad %{{.*}} low[0, 0] high[1, 15]
// CHECK:       tensor.expand_shape {{.*}} : tensor<64x80xf32> into tensor<4x16x5x16xf32>
// CHECK:       linalg.transpose {{.*}} permutation = [0, 2, 1, 3]
// CHECK-NOT:   linalg.unpack
// CHECK:       linalg.transpose {{.*}} permutation = [0, 2, 1, 3]
// CHECK:       tensor.collapse_shape {{.*}} into tensor<64x80xf32>
// CHECK:       tensor.extract_slice {{.*}}[0, 0] [63, 65] [1, 1]
// CHECK:       linalg.copy
func.func @pack_unpack(%a: tensor<63x65xf32>) -> tensor<63x65xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x5x16x16xf32>
  %p = linalg.pack %a padding_value(%z : f32) inner_dims_pos = [0, 1] inner_tiles = [16, 16] into %e : tensor<63x65xf32> -> tensor<4x5x16x16xf32>
  %o = tensor.empty() : tensor<63x65xf32>
  %u = linalg.unpack %p inner_dims_pos = [0, 1] inner_tiles = [16, 16] into %o : tensor<4x5x16x16xf32> -> tensor<63x65xf32>
  return %u : tensor<63x65xf32>
}

// -----

// A pack with a dynamic tile has no lowering: left as it is.
// CHECK-LABEL: func.func @dynamic_tile
// CHECK:       linalg.pack
func.func @dynamic_tile(%a: tensor<64x64xf32>, %t: index, %e: tensor<?x64x?xf32>) -> tensor<?x64x?xf32> {
  %p = linalg.pack %a inner_dims_pos = [0] inner_tiles = [%t] into %e : tensor<64x64xf32> -> tensor<?x64x?xf32>
  return %p : tensor<?x64x?xf32>
}

// -----

// A pack and an unpack of no elements are their destinations (the upstream
// lowering of the unpack built an invalid slice of the empty tensor).
// CHECK-LABEL: func.func @empty_pack
// CHECK-NOT:   linalg.pack
// CHECK-NOT:   linalg.unpack
// CHECK-NOT:   tensor.extract_slice
// CHECK:       %[[E:.*]] = tensor.empty() : tensor<3x0xf32>
// CHECK:       return %[[E]]
func.func @empty_pack(%a: tensor<3x0xf32>) -> tensor<3x0xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x0x4x4xf32>
  %p = linalg.pack %a padding_value(%z : f32) inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %e : tensor<3x0xf32> -> tensor<1x0x4x4xf32>
  %o = tensor.empty() : tensor<3x0xf32>
  %u = linalg.unpack %p inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %o : tensor<1x0x4x4xf32> -> tensor<3x0xf32>
  return %u : tensor<3x0xf32>
}

// -----

// A quantized matmul becomes the integer matmul of its operands and the
// correction C - zb * rowsum(A) - za * colsum(B) + K * za * zb (here K = 5);
// a quantized batch matmul the same with a batch dimension.
// CHECK-LABEL: func.func @quantized
// CHECK-NOT:   linalg.quantized_matmul
// CHECK:       %[[P:.*]] = linalg.matmul ins(%arg0, %arg1 : tensor<3x5xi8>, tensor<5x4xi8>) outs(%arg4 : tensor<3x4xi32>)
// CHECK:       %[[ROWS:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<3x5xi8>) outs(%{{.*}} : tensor<3xi32>)
// CHECK:       arith.extsi %{{.*}} : i8 to i32
// CHECK:       %[[COLS:.*]] = linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]} ins(%arg1 : tensor<5x4xi8>) outs(%{{.*}} : tensor<4xi32>)
// CHECK:       %[[K:.*]] = arith.constant 5 : i32
// CHECK:       linalg.generic {{.*}} ins(%[[P]], %[[ROWS]], %[[COLS]] : tensor<3x4xi32>, tensor<3xi32>, tensor<4xi32>)
// CHECK:       arith.muli %arg3, %{{.*}} : i32
// CHECK:       arith.subi
// CHECK:       arith.muli %arg2, %{{.*}} : i32
// CHECK:       arith.subi
// CHECK:       arith.addi
// CHECK-NOT:   linalg.quantized_batch_matmul
// CHECK:       linalg.batch_matmul ins(%arg5, %arg6 : tensor<2x3x5xi8>, tensor<2x5x4xi8>)
func.func @quantized(%a: tensor<3x5xi8>, %b: tensor<5x4xi8>, %za: i32, %zb: i32, %c: tensor<3x4xi32>,
                     %ba: tensor<2x3x5xi8>, %bb: tensor<2x5x4xi8>, %bc: tensor<2x3x4xi32>)
    -> (tensor<3x4xi32>, tensor<2x3x4xi32>) {
  %r = linalg.quantized_matmul ins(%a, %b, %za, %zb : tensor<3x5xi8>, tensor<5x4xi8>, i32, i32) outs(%c : tensor<3x4xi32>) -> tensor<3x4xi32>
  %s = linalg.quantized_batch_matmul ins(%ba, %bb, %za, %zb : tensor<2x3x5xi8>, tensor<2x5x4xi8>, i32, i32) outs(%bc : tensor<2x3x4xi32>) -> tensor<2x3x4xi32>
  return %r, %s : tensor<3x4xi32>, tensor<2x3x4xi32>
}

// -----

// The Winograd transforms, which do not bufferize, become loops of matmuls
// by the transform matrices.
// CHECK-LABEL: func.func @winograd_filter
// CHECK-NOT: linalg.winograd_filter_transform
// CHECK: scf.for
// CHECK: linalg.matmul
func.func @winograd_filter(%f: tensor<8x3x3x5xf32>) -> tensor<6x6x5x8xf32> {
  %e = tensor.empty() : tensor<6x6x5x8xf32>
  %r = linalg.winograd_filter_transform fmr(F_4_3) ins(%f : tensor<8x3x3x5xf32>) outs(%e : tensor<6x6x5x8xf32>) -> tensor<6x6x5x8xf32>
  return %r : tensor<6x6x5x8xf32>
}

// -----

// A pack whose inner tile is a constant SSA value (upstream's
// pack-dynamic-inner-tile test): the tile becomes static, and the pack a
// pad, a reshape and a transpose (it was left, and did not bufferize).
// CHECK-LABEL: func.func @pack_constant_tile
// CHECK-NOT:     linalg.pack
// CHECK:         tensor.pad
// CHECK:         tensor.expand_shape
// CHECK:         linalg.transpose
func.func @pack_constant_tile(%a: tensor<7x16xi32>) -> tensor<?x16x?x1xi32> {
  %c1 = arith.constant 1 : index
  %pad = arith.constant 123 : i32
  %tile = arith.constant 8 : index
  %e = tensor.empty(%c1, %tile) : tensor<?x16x?x1xi32>
  %p = linalg.pack %a padding_value(%pad : i32) inner_dims_pos = [0, 1] inner_tiles = [%tile, 1] into %e : tensor<7x16xi32> -> tensor<?x16x?x1xi32>
  return %p : tensor<?x16x?x1xi32>
}
