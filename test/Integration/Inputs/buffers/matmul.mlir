// linalg on buffers: a matmul into an out-parameter memref.
func.func @main(%a: memref<45x33xf32>, %b: memref<33x70xf32>, %c: memref<45x70xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%c : memref<45x70xf32>)
  linalg.matmul ins(%a, %b : memref<45x33xf32>, memref<33x70xf32>) outs(%c : memref<45x70xf32>)
  return
}
