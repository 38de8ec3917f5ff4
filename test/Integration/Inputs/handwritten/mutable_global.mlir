// An accumulator kept in a mutable global (as buddy-mlir's examples keep
// theirs): a batch matmul writes it, the host reads it back.
memref.global "private" @C : memref<2x4x8xf32> = dense<1.0>
func.func @accumulate(%a: memref<2x4x16xf32>, %b: memref<2x16x8xf32>, %out: memref<2x4x8xf32>) {
  %c = memref.get_global @C : memref<2x4x8xf32>
  linalg.batch_matmul ins(%a, %b : memref<2x4x16xf32>, memref<2x16x8xf32>) outs(%c : memref<2x4x8xf32>)
  memref.copy %c, %out : memref<2x4x8xf32> to memref<2x4x8xf32>
  return
}
