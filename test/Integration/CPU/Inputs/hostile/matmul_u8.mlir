// A u8 x u8 -> i32 matmul (cast_unsigned): its operands extend as unsigned.
func.func @f(%a: tensor<70x130xi8>, %b: tensor<130x50xi8>) -> tensor<70x50xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<70x50xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<70x50xi32>) -> tensor<70x50xi32>
  %r = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<70x130xi8>, tensor<130x50xi8>) outs(%f : tensor<70x50xi32>) -> tensor<70x50xi32>
  return %r : tensor<70x50xi32>
}
