// A program bufferized and deallocated before (as buddy-mlir's examples
// are): a callee returns a buffer it allocated, and the caller frees the
// base buffer of the result under scf.if, as the ownership-based
// deallocation writes it.
func.func private @kernel(%a: memref<16x32xf32>, %b: memref<32x8xf32>) -> memref<16x8xf32> {
  %z = arith.constant 0.0 : f32
  %c = memref.alloc() {alignment = 64 : i64} : memref<16x8xf32>
  linalg.fill ins(%z : f32) outs(%c : memref<16x8xf32>)
  linalg.matmul ins(%a, %b : memref<16x32xf32>, memref<32x8xf32>) outs(%c : memref<16x8xf32>)
  return %c : memref<16x8xf32>
}

func.func @main(%a: memref<16x32xf32>, %b: memref<32x8xf32>, %out: memref<16x8xf32>) {
  %true = arith.constant true
  %r = call @kernel(%a, %b) : (memref<16x32xf32>, memref<32x8xf32>) -> memref<16x8xf32>
  memref.copy %r, %out : memref<16x8xf32> to memref<16x8xf32>
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %r : memref<16x8xf32> -> memref<f32>, index, index, index, index, index
  scf.if %true {
    memref.dealloc %base : memref<f32>
  }
  return
}
