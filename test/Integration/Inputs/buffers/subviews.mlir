// A matmul into a window of the output and an exp of a strided window of
// the input (rank-reducing), each through a memref.subview.
func.func @main(%a: memref<40x33xf32>, %b: memref<33x20xf32>, %c: memref<50x30xf32>, %d: memref<3x7x9xf32>, %e: memref<7x5xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%c : memref<50x30xf32>)
  %cv = memref.subview %c[5, 3] [40, 20] [1, 1] : memref<50x30xf32> to memref<40x20xf32, strided<[30, 1], offset: 153>>
  linalg.matmul ins(%a, %b : memref<40x33xf32>, memref<33x20xf32>) outs(%cv : memref<40x20xf32, strided<[30, 1], offset: 153>>)
  %dv = memref.subview %d[1, 0, 0] [1, 7, 5] [1, 1, 2] : memref<3x7x9xf32> to memref<7x5xf32, strided<[9, 2], offset: 63>>
  linalg.exp ins(%dv : memref<7x5xf32, strided<[9, 2], offset: 63>>) outs(%e : memref<7x5xf32>)
  return
}
