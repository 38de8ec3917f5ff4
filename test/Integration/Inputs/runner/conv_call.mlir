// A program written for mlir-runner, in the form of upstream's linalg
// integration tests: helpers that allocate buffers of dynamic size and
// return them, a kernel on dynamic buffers, and a main that calls them and
// prints the result with the runner utilities.
func.func private @printMemrefF32(memref<*xf32>)

func.func @alloc_2d_filled_f32(%s1: index, %s2: index, %f: f32) -> memref<?x?xf32> {
  %buf = memref.alloc(%s1, %s2) : memref<?x?xf32>
  linalg.fill ins(%f : f32) outs(%buf : memref<?x?xf32>)
  return %buf : memref<?x?xf32>
}

func.func @conv_2d(%in: memref<?x?xf32>, %filter: memref<?x?xf32>, %out: memref<?x?xf32>) {
  linalg.conv_2d ins(%in, %filter : memref<?x?xf32>, memref<?x?xf32>) outs(%out : memref<?x?xf32>)
  return
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %zero = arith.constant 0.0 : f32
  %filter = call @alloc_2d_filled_f32(%c3, %c3, %two) : (index, index, f32) -> memref<?x?xf32>
  %in = call @alloc_2d_filled_f32(%c8, %c8, %one) : (index, index, f32) -> memref<?x?xf32>
  %out = call @alloc_2d_filled_f32(%c6, %c6, %zero) : (index, index, f32) -> memref<?x?xf32>
  call @conv_2d(%in, %filter, %out) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  %printed = memref.cast %out : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%printed) : (memref<*xf32>) -> ()
  memref.dealloc %filter : memref<?x?xf32>
  memref.dealloc %in : memref<?x?xf32>
  memref.dealloc %out : memref<?x?xf32>
  return
}
