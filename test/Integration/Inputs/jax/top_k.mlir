// bench/jax_zoo.py's top_k: jax.jit(f).lower(...), then iree-compile
// --iree-input-type=stablehlo --compile-to=input (util.func and util.return
// renamed to func.func and func.return); IREE keeps its iree_linalg_ext ops.
module @jit_f {
  func.func public @main(%arg0: tensor<4x20xf32>) -> tensor<4x3xf32> {
    %c2147483647_i32 = arith.constant 2147483647 : i32
    %c0_i32 = arith.constant 0 : i32
    %0 = iree_linalg_ext.sort dimension(1) outs(%arg0 : tensor<4x20xf32>) {
    ^bb0(%arg1: f32, %arg2: f32):
      %1 = arith.bitcast %arg1 : f32 to i32
      %2 = arith.cmpi slt, %1, %c0_i32 : i32
      %3 = arith.subi %c2147483647_i32, %1 : i32
      %4 = arith.select %2, %3, %1 : i32
      %5 = arith.bitcast %arg2 : f32 to i32
      %6 = arith.cmpi slt, %5, %c0_i32 : i32
      %7 = arith.subi %c2147483647_i32, %5 : i32
      %8 = arith.select %6, %7, %5 : i32
      %9 = arith.cmpi sgt, %4, %8 : i32
      iree_linalg_ext.yield %9 : i1
    } -> tensor<4x20xf32>
    %extracted_slice = tensor.extract_slice %0[0, 0] [4, 3] [1, 1] : tensor<4x20xf32> to tensor<4x3xf32>
    func.return %extracted_slice : tensor<4x3xf32>
  }
}