// The reference of emulator_rotate.mlir, on the CPU.
func.func @rotate(%out: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%out : memref<64xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %n = arith.addi %i, %c1 : index
    %m = arith.remui %n, %c64 : index
    %j = arith.index_cast %m : index to i32
    %f = arith.sitofp %j : i32 to f32
    linalg.yield %f : f32
  }
  return
}
