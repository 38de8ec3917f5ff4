// Two layers on buffers: a temporary allocation, a bias from a constant
// global, ReLU in a linalg.generic, a memref.copy of the result.
memref.global "private" constant @bias : memref<64xf32> = dense<0.25>
func.func @main(%x: memref<32x48xf32>, %w1: memref<48x64xf32>, %w2: memref<64x16xf32>, %out: memref<32x16xf32>) {
  %z = arith.constant 0.0 : f32
  %h = memref.alloc() : memref<32x64xf32>
  %o = memref.alloc() : memref<32x16xf32>
  %b = memref.get_global @bias : memref<64xf32>
  linalg.fill ins(%z : f32) outs(%h : memref<32x64xf32>)
  linalg.matmul ins(%x, %w1 : memref<32x48xf32>, memref<48x64xf32>) outs(%h : memref<32x64xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%b : memref<64xf32>) outs(%h : memref<32x64xf32>) {
  ^bb0(%bv: f32, %hv: f32):
    %s = arith.addf %hv, %bv : f32
    %r = arith.maximumf %s, %z : f32
    linalg.yield %r : f32
  }
  linalg.fill ins(%z : f32) outs(%o : memref<32x16xf32>)
  linalg.matmul ins(%h, %w2 : memref<32x64xf32>, memref<64x16xf32>) outs(%o : memref<32x16xf32>)
  memref.copy %o, %out : memref<32x16xf32> to memref<32x16xf32>
  memref.dealloc %h : memref<32x64xf32>
  memref.dealloc %o : memref<32x16xf32>
  return
}
