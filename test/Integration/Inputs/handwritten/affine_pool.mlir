// A max pooling written as affine loops around an scf loop of vectors (as
// buddy-mlir's vectorized poolings are), after a linalg op.
func.func @pool(%in: memref<1x8x8x16xf32>, %out: memref<1x4x4x16xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c8 = arith.constant 8 : index
  %ninf = arith.constant -3.4e38 : f32
  linalg.fill ins(%ninf : f32) outs(%out : memref<1x4x4x16xf32>)
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      scf.for %c = %c0 to %c16 step %c8 {
        %acc0 = vector.load %out[%c0, %i, %j, %c] : memref<1x4x4x16xf32>, vector<8xf32>
        %acc = scf.for %k = %c0 to %c2 step %c2 iter_args(%a = %acc0) -> vector<8xf32> {
          %y = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
          %x = affine.apply affine_map<(d0) -> (d0 * 2)>(%j)
          %v = vector.load %in[%c0, %y, %x, %c] : memref<1x8x8x16xf32>, vector<8xf32>
          %m = arith.maximumf %a, %v : vector<8xf32>
          scf.yield %m : vector<8xf32>
        }
        vector.store %acc, %out[%c0, %i, %j, %c] : memref<1x4x4x16xf32>, vector<8xf32>
      }
    }
  }
  return
}
