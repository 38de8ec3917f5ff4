// In-place updates of an argument that is read and written: x = x * 2, then
// x = x + y, a softmax-like row normalization through a temporary.
func.func @main(%x: memref<16x37xf32>, %y: memref<16x37xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} outs(%x : memref<16x37xf32>) {
  ^bb0(%v: f32):
    %two = arith.constant 2.0 : f32
    %m = arith.mulf %v, %two : f32
    linalg.yield %m : f32
  }
  linalg.add ins(%x, %y : memref<16x37xf32>, memref<16x37xf32>) outs(%x : memref<16x37xf32>)
  %s = memref.alloca() : memref<16xf32>
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%s : memref<16xf32>)
  linalg.reduce ins(%x : memref<16x37xf32>) outs(%s : memref<16xf32>) dimensions = [1]
    (%a: f32, %acc: f32) { %r = arith.addf %a, %acc : f32
      linalg.yield %r : f32 }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%s : memref<16xf32>) outs(%y : memref<16x37xf32>) {
  ^bb0(%sv: f32, %yv: f32):
    %q = arith.divf %yv, %sv : f32
    linalg.yield %q : f32
  }
  return
}
