// The generic form of a u8 x u8 -> i32 matmul (arith.extui): it stays generic.
#a = affine_map<(m,n,k)->(m,k)>
#b = affine_map<(m,n,k)->(k,n)>
#c = affine_map<(m,n,k)->(m,n)>
func.func @q(%a: tensor<64x128xi8>, %b: tensor<128x96xi8>) -> tensor<64x96xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<64x96xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<64x96xi32>) -> tensor<64x96xi32>
  %r = linalg.generic {indexing_maps=[#a,#b,#c], iterator_types=["parallel","parallel","reduction"]} ins(%a, %b : tensor<64x128xi8>, tensor<128x96xi8>) outs(%f : tensor<64x96xi32>) {
  ^bb0(%x: i8, %y: i8, %o: i32):
    %xe = arith.extui %x : i8 to i32
    %ye = arith.extui %y : i8 to i32
    %m = arith.muli %xe, %ye : i32
    %s = arith.addi %o, %m : i32
    linalg.yield %s : i32
  } -> tensor<64x96xi32>
  return %r : tensor<64x96xi32>
}
