// bench/jax_zoo.py's int8_dot_general: jax.jit(f).lower(...), then iree-compile
// --iree-input-type=stablehlo --compile-to=input (util.func and util.return
// renamed to func.func and func.return).
module @jit_f {
  func.func public @main(%arg0: tensor<9x17xi8>, %arg1: tensor<17x5xi8>) -> (tensor<9x5xi32>, tensor<9x5xi8>) {
    %c100_i32 = arith.constant 100 : i32
    %c-100_i32 = arith.constant -100 : i32
    %c0_i32 = arith.constant 0 : i32
    %0 = tensor.empty() : tensor<9x5xi32>
    %1 = linalg.fill ins(%c0_i32 : i32) outs(%0 : tensor<9x5xi32>) -> tensor<9x5xi32>
    %2 = linalg.matmul ins(%arg0, %arg1 : tensor<9x17xi8>, tensor<17x5xi8>) outs(%1 : tensor<9x5xi32>) -> tensor<9x5xi32>
    %3 = tensor.empty() : tensor<9x5xi32>
    %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<9x5xi32>) outs(%3 : tensor<9x5xi32>) {
    ^bb0(%in: i32, %out: i32):
      %9 = arith.maxsi %in, %c-100_i32 : i32
      linalg.yield %9 : i32
    } -> tensor<9x5xi32>
    %5 = tensor.empty() : tensor<9x5xi32>
    %6 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<9x5xi32>) outs(%5 : tensor<9x5xi32>) {
    ^bb0(%in: i32, %out: i32):
      %9 = arith.minsi %in, %c100_i32 : i32
      linalg.yield %9 : i32
    } -> tensor<9x5xi32>
    %7 = tensor.empty() : tensor<9x5xi8>
    %8 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%6 : tensor<9x5xi32>) outs(%7 : tensor<9x5xi8>) {
    ^bb0(%in: i32, %out: i8):
      %9 = arith.trunci %in : i32 to i8
      linalg.yield %9 : i8
    } -> tensor<9x5xi8>
    func.return %2, %8 : tensor<9x5xi32>, tensor<9x5xi8>
  }
}