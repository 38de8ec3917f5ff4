// RUN: tuner-opt %s --tuner-specialize-shapes="sizes=1,128" --split-input-file | FileCheck %s
// RUN: tuner-opt %s --tuner-specialize-shapes="sizes=8" --split-input-file | FileCheck %s --check-prefix=ONE

// torch-mlir's form of a linear layer on a dynamic batch and sequence: the
// argument becomes 1 x 128 x 768, the static shapes reach the matmul and
// the bias (tensor.dim folds, tensor.empty becomes static), and the result
// is returned as 1 x 128 x 3072 with no cast left.
// CHECK-LABEL: func.func @layer
// CHECK-SAME:    (%{{.*}}: tensor<1x128x768xf32>, %{{.*}}: tensor<768x3072xf32>) -> tensor<1x128x3072xf32>
// CHECK-NOT:   tensor.dim
// CHECK:       linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<128x768xf32>, tensor<768x3072xf32>) outs(%{{.*}} : tensor<128x3072xf32>)
// CHECK-NOT:   tensor.cast
// CHECK:       return %{{.*}} : tensor<1x128x3072xf32>
// ONE-LABEL:   func.func @layer
// ONE-SAME:      (%{{.*}}: tensor<8x8x768xf32>, %{{.*}}: tensor<768x3072xf32>) -> tensor<8x8x3072xf32>
func.func @layer(%x: tensor<?x?x768xf32>, %w: tensor<768x3072xf32>) -> tensor<?x?x3072xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %d0 = tensor.dim %x, %c0 : tensor<?x?x768xf32>
  %d1 = tensor.dim %x, %c1 : tensor<?x?x768xf32>
  %flat = tensor.collapse_shape %x [[0, 1], [2]] : tensor<?x?x768xf32> into tensor<?x768xf32>
  %n = arith.muli %d0, %d1 : index
  %e = tensor.empty(%n) : tensor<?x3072xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x3072xf32>) -> tensor<?x3072xf32>
  %m = linalg.matmul ins(%flat, %w : tensor<?x768xf32>, tensor<768x3072xf32>) outs(%f : tensor<?x3072xf32>) -> tensor<?x3072xf32>
  %r = tensor.expand_shape %m [[0, 1], [2]] output_shape [%d0, %d1, 3072] : tensor<?x3072xf32> into tensor<?x?x3072xf32>
  return %r : tensor<?x?x3072xf32>
}

// -----

// Each argument's dynamic dimensions take the sizes from the first on; a
// private function, strided memrefs and static arguments are left as they
// are.
// CHECK-LABEL: func.func private @helper(%{{.*}}: tensor<?x4xf32>)
// CHECK-LABEL: func.func @two
// CHECK-SAME:    (%{{.*}}: tensor<1x128xi64>, %{{.*}}: tensor<1x128xi64>, %{{.*}}: memref<1xf32>, %{{.*}}: tensor<3xf32>, %{{.*}}: memref<?xf32, strided<[?], offset: ?>>) -> tensor<1x128xi64>
func.func private @helper(%a: tensor<?x4xf32>) -> tensor<?x4xf32> {
  return %a : tensor<?x4xf32>
}
func.func @two(%ids: tensor<?x?xi64>, %mask: tensor<?x?xi64>, %buf: memref<?xf32>, %s: tensor<3xf32>, %view: memref<?xf32, strided<[?], offset: ?>>) -> tensor<?x?xi64> {
  %e = tensor.empty() : tensor<1x128xi64>
  %c = tensor.cast %e : tensor<1x128xi64> to tensor<?x?xi64>
  return %ids : tensor<?x?xi64>
}

// -----

// With two returns, the results keep their dynamic types (the returns would
// have to agree); the argument is still specialized.
// CHECK-LABEL: func.func @branches
// CHECK-SAME:    (%{{.*}}: tensor<1x4xf32>, %{{.*}}: i1) -> tensor<?x4xf32>
func.func @branches(%x: tensor<?x4xf32>, %c: i1) -> tensor<?x4xf32> {
  cf.cond_br %c, ^a, ^b
^a:
  return %x : tensor<?x4xf32>
^b:
  %e = tensor.empty() : tensor<3x4xf32>
  %d = tensor.cast %e : tensor<3x4xf32> to tensor<?x4xf32>
  return %d : tensor<?x4xf32>
}

// -----

// A kernel on dynamic buffers called from the module: its memref arguments
// take sizes=, and the call passes its operands cast to them.
// CHECK-LABEL: func.func @sgemm
// CHECK-SAME:    (%{{.*}}: memref<1x128xf32>, %{{.*}}: memref<1x128xf32>, %{{.*}}: memref<1x128xf32>)
// CHECK-LABEL: func.func @main
// CHECK:         call @sgemm(%{{.*}}, %{{.*}}, %{{.*}}) : (memref<1x128xf32>, memref<1x128xf32>, memref<1x128xf32>) -> ()
// ONE-LABEL:   func.func @sgemm
// ONE-SAME:      (%{{.*}}: memref<8x8xf32>, %{{.*}}: memref<8x8xf32>, %{{.*}}: memref<8x8xf32>)
func.func @sgemm(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  linalg.add ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
  return
}
func.func @main(%m: index, %n: index) {
  %a = memref.alloc(%m, %n) : memref<?x?xf32>
  call @sgemm(%a, %a, %a) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  memref.dealloc %a : memref<?x?xf32>
  return
}
