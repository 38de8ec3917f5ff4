// RUN: tuner-opt %s --tuner-specialize-shapes="sizes=4" --verify-diagnostics

// Sizes that contradict a call's buffers: an error at the call, not an
// invalid cast later.
func.func @kernel(%a: memref<?x?xf32>) {
  return
}
func.func @caller() {
  %c = memref.alloc() : memref<16x8xf32>
  %d = memref.cast %c : memref<16x8xf32> to memref<?x?xf32>
  // expected-error@+1 {{tuner-specialize-shapes: operand #0 has static sizes [16, 8], but sizes= specialized 'kernel' to 'memref<4x4xf32>'}}
  call @kernel(%d) : (memref<?x?xf32>) -> ()
  return
}
