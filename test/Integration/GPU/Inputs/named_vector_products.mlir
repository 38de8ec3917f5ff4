// Named matrix-vector products (linalg.matvec, vecmat, batch_matvec, dot: how
// IREE imports StableHLO's dot of a matrix and a vector). On CUDA targets
// the preparation generalizes them, so that gpu.reduction takes them.
func.func @vecmat(%x: tensor<512xf32>, %a: tensor<512x256xf32>) -> tensor<256xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<256xf32>) -> tensor<256xf32>
  %r = linalg.vecmat ins(%x, %a : tensor<512xf32>, tensor<512x256xf32>) outs(%f : tensor<256xf32>) -> tensor<256xf32>
  return %r : tensor<256xf32>
}
func.func @bmv(%a: tensor<4x300x200xf32>, %x: tensor<4x200xf32>) -> tensor<4x300xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x300xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x300xf32>) -> tensor<4x300xf32>
  %r = linalg.batch_matvec ins(%a, %x : tensor<4x300x200xf32>, tensor<4x200xf32>) outs(%f : tensor<4x300xf32>) -> tensor<4x300xf32>
  return %r : tensor<4x300xf32>
}
func.func @dot(%a: tensor<1000xf32>, %b: tensor<1000xf32>) -> tensor<f32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.dot ins(%a, %b : tensor<1000xf32>, tensor<1000xf32>) outs(%f : tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}
func.func @mv(%a: tensor<1024x1024xf32>, %x: tensor<1024xf32>) -> tensor<1024xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1024xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1024xf32>) -> tensor<1024xf32>
  %r = linalg.matvec ins(%a, %x : tensor<1024x1024xf32>, tensor<1024xf32>) outs(%f : tensor<1024xf32>) -> tensor<1024xf32>
  return %r : tensor<1024xf32>
}
