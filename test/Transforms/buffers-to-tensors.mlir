// RUN: tuner-opt %s --tuner-buffers-to-tensors --split-input-file | FileCheck %s

// A fill and a matmul into an argument: the arguments are read once, in
// their order, the output written back once before the return.
// CHECK-LABEL: func.func @matmul
// CHECK-SAME: (%[[A:.*]]: memref<45x33xf32>, %[[B:.*]]: memref<33x70xf32>, %[[C:.*]]: memref<45x70xf32>)
// CHECK: %[[TA:.*]] = bufferization.to_tensor %[[A]] restrict : memref<45x33xf32>
// CHECK: %[[TB:.*]] = bufferization.to_tensor %[[B]] restrict : memref<33x70xf32>
// CHECK: %[[TC:.*]] = bufferization.to_tensor %[[C]] restrict writable : memref<45x70xf32>
// CHECK: %[[F:.*]] = linalg.fill {{.*}} outs(%[[TC]] : tensor<45x70xf32>) -> tensor<45x70xf32>
// CHECK: %[[M:.*]] = linalg.matmul ins(%[[TA]], %[[TB]] : tensor<45x33xf32>, tensor<33x70xf32>) outs(%[[F]] : tensor<45x70xf32>) -> tensor<45x70xf32>
// CHECK: bufferization.materialize_in_destination %[[M]] in restrict writable %[[C]]
// CHECK-NEXT: return
func.func @matmul(%a: memref<45x33xf32>, %b: memref<33x70xf32>, %c: memref<45x70xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%c : memref<45x70xf32>)
  linalg.matmul ins(%a, %b : memref<45x33xf32>, memref<33x70xf32>) outs(%c : memref<45x70xf32>)
  return
}

// -----

// A temporary allocation is an empty tensor, its dealloc goes; a constant
// global is its value; a memref.copy is a linalg.copy.
// CHECK-LABEL: func.func @temporaries
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.get_global
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK: %[[CST:.*]] = arith.constant dense<2.500000e-01> : tensor<8xf32>
// CHECK: %[[ADD:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %[[CST]] : tensor<4x8xf32>, tensor<8xf32>) outs(%[[E]] : tensor<4x8xf32>)
// CHECK: %[[COPY:.*]] = linalg.copy ins(%[[ADD]] : tensor<4x8xf32>) outs(%{{.*}} : tensor<4x8xf32>)
// CHECK: bufferization.materialize_in_destination %[[COPY]] in restrict writable
// CHECK-NOT: memref.dealloc
memref.global "private" constant @bias : memref<8xf32> = dense<0.25>
func.func @temporaries(%x: memref<4x8xf32>, %out: memref<4x8xf32>) {
  %t = memref.alloc() : memref<4x8xf32>
  %b = memref.get_global @bias : memref<8xf32>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%x, %b : memref<4x8xf32>, memref<8xf32>) outs(%t : memref<4x8xf32>) {
  ^bb0(%u: f32, %v: f32, %w: f32):
    %s = arith.addf %u, %v : f32
    linalg.yield %s : f32
  }
  memref.copy %t, %out : memref<4x8xf32> to memref<4x8xf32>
  memref.dealloc %t : memref<4x8xf32>
  return
}

// -----

// Ops on subviews read an extract_slice and write an insert_slice of the
// whole buffer (a rank-reducing, strided one too).
// CHECK-LABEL: func.func @subviews
// CHECK: %[[TC:.*]] = bufferization.to_tensor %{{.*}} restrict writable : memref<50x30xf32>
// CHECK: %[[TD:.*]] = bufferization.to_tensor %{{.*}} restrict : memref<3x7x9xf32>
// CHECK: %[[TE:.*]] = bufferization.to_tensor %{{.*}} restrict writable : memref<7x5xf32>
// CHECK: %[[FILL:.*]] = linalg.fill {{.*}} outs(%[[TC]] : tensor<50x30xf32>)
// CHECK: %[[WIN:.*]] = tensor.extract_slice %[[FILL]][5, 3] [40, 20] [1, 1] : tensor<50x30xf32> to tensor<40x20xf32>
// CHECK: %[[MM:.*]] = linalg.matmul {{.*}} outs(%[[WIN]] : tensor<40x20xf32>)
// CHECK: %[[INS:.*]] = tensor.insert_slice %[[MM]] into %[[FILL]][5, 3] [40, 20] [1, 1]
// CHECK: %[[SRC:.*]] = tensor.extract_slice %[[TD]][1, 0, 0] [1, 7, 5] [1, 1, 2] : tensor<3x7x9xf32> to tensor<7x5xf32>
// CHECK: %[[EXP:.*]] = linalg.exp ins(%[[SRC]] : tensor<7x5xf32>) outs(%[[TE]] : tensor<7x5xf32>)
// CHECK-DAG: bufferization.materialize_in_destination %[[INS]] in restrict writable
// CHECK-DAG: bufferization.materialize_in_destination %[[EXP]] in restrict writable
// CHECK-NOT: memref.subview
func.func @subviews(%a: memref<40x33xf32>, %b: memref<33x20xf32>, %c: memref<50x30xf32>, %d: memref<3x7x9xf32>, %e: memref<7x5xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%c : memref<50x30xf32>)
  %cv = memref.subview %c[5, 3] [40, 20] [1, 1] : memref<50x30xf32> to memref<40x20xf32, strided<[30, 1], offset: 153>>
  linalg.matmul ins(%a, %b : memref<40x33xf32>, memref<33x20xf32>) outs(%cv : memref<40x20xf32, strided<[30, 1], offset: 153>>)
  %dv = memref.subview %d[1, 0, 0] [1, 7, 5] [1, 1, 2] : memref<3x7x9xf32> to memref<7x5xf32, strided<[9, 2], offset: 63>>
  linalg.exp ins(%dv : memref<7x5xf32, strided<[9, 2], offset: 63>>) outs(%e : memref<7x5xf32>)
  return
}

// -----

// An argument read and written in place: each op reads the tensor the
// previous one wrote.
// CHECK-LABEL: func.func @in_place
// CHECK: %[[TX:.*]] = bufferization.to_tensor %{{.*}} restrict writable
// CHECK: %[[TY:.*]] = bufferization.to_tensor %{{.*}} restrict :
// CHECK: %[[NEG:.*]] = linalg.negf ins(%[[TX]] : tensor<16xf32>) outs(%[[TX]] : tensor<16xf32>)
// CHECK: %[[SUM:.*]] = linalg.add ins(%[[NEG]], %[[TY]] : tensor<16xf32>, tensor<16xf32>) outs(%[[NEG]] : tensor<16xf32>)
// CHECK: bufferization.materialize_in_destination %[[SUM]] in restrict writable
func.func @in_place(%x: memref<16xf32>, %y: memref<16xf32>) {
  linalg.negf ins(%x : memref<16xf32>) outs(%x : memref<16xf32>)
  linalg.add ins(%x, %y : memref<16xf32>, memref<16xf32>) outs(%x : memref<16xf32>)
  return
}

// -----

// An allocation of dynamic size: an empty tensor of the same size.
// CHECK-LABEL: func.func @dynamic_alloc
// CHECK: %[[N:.*]] = memref.dim
// CHECK: tensor.empty(%[[N]]) : tensor<?xf32>
func.func @dynamic_alloc(%x: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %t = memref.alloc(%n) : memref<?xf32>
  linalg.exp ins(%x : memref<?xf32>) outs(%t : memref<?xf32>)
  linalg.negf ins(%t : memref<?xf32>) outs(%out : memref<?xf32>)
  memref.dealloc %t : memref<?xf32>
  return
}

// -----

// Functions the rewrite cannot follow are left as they are: a buffer also
// read by memref.load, written in a loop, returned, or passed to a call.
// CHECK-LABEL: func.func @loaded
// CHECK-NOT: bufferization
// CHECK: linalg.fill {{.*}} outs(%{{.*}} : memref<8xf32>)
func.func @loaded(%a: memref<8xf32>, %s: memref<1xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%a : memref<8xf32>)
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<8xf32>
  memref.store %v, %s[%c0] : memref<1xf32>
  return
}

// CHECK-LABEL: func.func @in_loop
// CHECK-NOT: bufferization
// CHECK: linalg.exp ins(%{{.*}} : memref<8xf32>)
func.func @in_loop(%a: memref<8xf32>, %b: memref<8xf32>) {
  linalg.exp ins(%a : memref<8xf32>) outs(%b : memref<8xf32>)
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    linalg.exp ins(%b : memref<8xf32>) outs(%b : memref<8xf32>)
  }
  return
}

// CHECK-LABEL: func.func @returned
// CHECK-NOT: bufferization
func.func @returned(%a: memref<8xf32>) -> memref<8xf32> {
  %t = memref.alloc() : memref<8xf32>
  linalg.exp ins(%a : memref<8xf32>) outs(%t : memref<8xf32>)
  return %t : memref<8xf32>
}

func.func private @consume(memref<8xf32>)
// CHECK-LABEL: func.func @called
// CHECK-NOT: bufferization
func.func @called(%a: memref<8xf32>, %b: memref<8xf32>) {
  linalg.exp ins(%a : memref<8xf32>) outs(%b : memref<8xf32>)
  call @consume(%b) : (memref<8xf32>) -> ()
  return
}

// -----

// Linalg ops on tensors are not touched; a write to a constant global
// keeps the function on buffers.
// CHECK-LABEL: func.func @tensors
// CHECK-NOT: bufferization
func.func @tensors(%a: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.exp ins(%a : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

memref.global "private" constant @w : memref<8xf32> = dense<1.0>
// CHECK-LABEL: func.func @writes_constant
// CHECK-NOT: bufferization
// CHECK: linalg.exp ins(%{{.*}} : memref<8xf32>) outs(%{{.*}} : memref<8xf32>)
func.func @writes_constant(%a: memref<8xf32>) {
  %w = memref.get_global @w : memref<8xf32>
  linalg.exp ins(%a : memref<8xf32>) outs(%w : memref<8xf32>)
  return
}
