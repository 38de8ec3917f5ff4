// A kernel reading a constant global of the host module, as bufferization
// leaves a constant weight: lowered as it is (upstream's pipeline alone) the
// kernel gets the global's host address; after tuner-gpu-device-memory it
// gets a device copy. fake-driver.test runs both against the fake driver.
memref.global "private" constant @weights : memref<64xf32> = dense<2.0>
func.func @scale(%x: memref<64xf32>, %out: memref<64xf32>) attributes {tuner.kernel = {inputs = [tensor<64xf32>], outputs = [tensor<64xf32>], out_params = true, flops = 64 : i64}} {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %w = memref.get_global @weights : memref<64xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %a = memref.load %x[%tx] : memref<64xf32>
    %b = memref.load %w[%tx] : memref<64xf32>
    %p = arith.mulf %a, %b : f32
    memref.store %p, %out[%tx] : memref<64xf32>
    gpu.terminator
  }
  return
}
