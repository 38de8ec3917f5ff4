// One block of 64 threads: each writes its index to workgroup memory and
// stores its right neighbour's entry (a rotation by one).
func.func @rotate(%out: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
             workgroup(%smem : memref<64xf32, #gpu.address_space<workgroup>>) {
    %i = arith.index_cast %tx : index to i32
    %f = arith.sitofp %i : i32 to f32
    memref.store %f, %smem[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %n = arith.addi %tx, %c1 : index
    %m = arith.remui %n, %c64 : index
    %v = memref.load %smem[%m] : memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tx] : memref<64xf32>
    gpu.terminator
  }
  return
}
