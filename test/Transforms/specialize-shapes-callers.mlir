// RUN: tuner-opt %s --tuner-specialize-shapes | FileCheck %s

// Without sizes=, a kernel on dynamic buffers takes the sizes its calls
// agree on: constant allocations (buddy-mlir's main) and casts of static
// buffers alike, argument by argument.
// CHECK-LABEL: func.func @sgemm
// CHECK-SAME:    (%{{.*}}: memref<64x96xf32>, %{{.*}}: memref<96x32xf32>, %{{.*}}: memref<64x32xf32>)
// CHECK:         linalg.matmul ins(%{{.*}}, %{{.*}} : memref<64x96xf32>, memref<96x32xf32>) outs(%{{.*}} : memref<64x32xf32>)
// CHECK-LABEL: func.func @main
// CHECK-COUNT-2: call @sgemm(%{{.*}}, %{{.*}}, %{{.*}}) : (memref<64x96xf32>, memref<96x32xf32>, memref<64x32xf32>) -> ()
func.func @sgemm(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
  return
}
func.func @main(%s: memref<64x32xf32>) {
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c96 = arith.constant 96 : index
  %a = memref.alloc(%c64, %c96) : memref<?x?xf32>
  %b = memref.alloc(%c96, %c32) : memref<?x?xf32>
  %c = memref.alloc(%c64, %c32) : memref<?x?xf32>
  call @sgemm(%a, %b, %c) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  %d = memref.cast %s : memref<64x32xf32> to memref<?x?xf32>
  call @sgemm(%a, %b, %d) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
