// A model that applies a layer in an scf.for: each iteration yields a new
// tensor, not the iter_arg updated in place.
func.func @loop(%a: tensor<32x32xf32>, %b: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %a) -> tensor<32x32xf32> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<32x32xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
    %m = linalg.matmul ins(%acc, %b : tensor<32x32xf32>, tensor<32x32xf32>) outs(%f : tensor<32x32xf32>) -> tensor<32x32xf32>
    scf.yield %m : tensor<32x32xf32>
  }
  return %r : tensor<32x32xf32>
}
