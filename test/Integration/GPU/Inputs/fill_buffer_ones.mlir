// Not a matmul: fills its out-parameter with ones (the host's loops over
// managed memory, unscheduled). Checked against Integration/Inputs/buffers/
// matmul.mlir, which has its signature, it must mismatch in argument 2.
func.func @main(%a: memref<45x33xf32>, %b: memref<33x70xf32>, %c: memref<45x70xf32>) {
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%c : memref<45x70xf32>)
  return
}
