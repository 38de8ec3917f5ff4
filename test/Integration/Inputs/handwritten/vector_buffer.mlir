// A buffer of vectors (memref<vector<...>>, as upstream's vector lowering
// writes them) filled from a buffer a kernel wrote, read back whole.
func.func @gather_rows(%a: memref<2x8xf32>, %b: memref<2x8xf32>, %out: memref<2x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %sum = memref.alloc() : memref<2x8xf32>
  linalg.add ins(%a, %b : memref<2x8xf32>, memref<2x8xf32>) outs(%sum : memref<2x8xf32>)
  %rows = memref.alloca() : memref<vector<2x8xf32>>
  %cast = vector.type_cast %rows : memref<vector<2x8xf32>> to memref<2xvector<8xf32>>
  scf.for %i = %c0 to %c2 step %c1 {
    %v = vector.load %sum[%i, %c0] : memref<2x8xf32>, vector<8xf32>
    memref.store %v, %cast[%i] : memref<2xvector<8xf32>>
  }
  %all = memref.load %rows[] : memref<vector<2x8xf32>>
  vector.transfer_write %all, %out[%c0, %c0] : vector<2x8xf32>, memref<2x8xf32>
  memref.dealloc %sum : memref<2x8xf32>
  return
}
