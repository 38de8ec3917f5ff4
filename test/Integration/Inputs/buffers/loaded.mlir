// A buffer also read by memref.load: left on buffers (the rewrite cannot
// follow the load), the program still runs.
func.func @main(%a: memref<8x8xf32>, %b: memref<8x8xf32>, %c: memref<8x8xf32>, %s: memref<1xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%c : memref<8x8xf32>)
  linalg.matmul ins(%a, %b : memref<8x8xf32>, memref<8x8xf32>) outs(%c : memref<8x8xf32>)
  %c0 = arith.constant 0 : index
  %v = memref.load %c[%c0, %c0] : memref<8x8xf32>
  memref.store %v, %s[%c0] : memref<1xf32>
  return
}
