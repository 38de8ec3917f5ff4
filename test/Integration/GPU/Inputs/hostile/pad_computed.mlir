// A tensor.pad with a computed padding value: a generic and an insertion.
func.func @f(%a: tensor<5x7xf32>) -> tensor<9x8xf32> {
  %p = tensor.pad %a low[3, 0] high[1, 1] {
  ^bb0(%i: index, %j: index):
    %s = arith.addi %i, %j : index
    %ii = arith.index_cast %s : index to i32
    %f = arith.sitofp %ii : i32 to f32
    tensor.yield %f : f32
  } : tensor<5x7xf32> to tensor<9x8xf32>
  return %p : tensor<9x8xf32>
}
