// RUN: tuner-opt %s --split-input-file --tuner-gpu-device-memory -verify-diagnostics

// A kernel reading an external host global: defined elsewhere, it has no
// contents to upload, so it is an error, not a silent copy.
memref.global "private" @state : memref<4xf32>
func.func @external_global(%out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{a kernel reads the host global @state, which is external or of dynamic shape: it cannot be copied to the device}}
  %g = memref.get_global @state : memref<4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    %e = memref.load %g[%tx] : memref<4xf32>
    memref.store %e, %out[%tx] : memref<4xf32>
    gpu.terminator
  }
  return
}

// -----

// A host stack buffer of dynamic size that a kernel reads.
func.func @dynamic_stack(%n: index, %out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{a kernel reads a host stack buffer of type 'memref<?xf32>', which cannot be moved to the device}}
  %s = memref.alloca(%n) : memref<?xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    %e = memref.load %s[%tx] : memref<?xf32>
    memref.store %e, %out[%tx] : memref<4xf32>
    gpu.terminator
  }
  return
}
