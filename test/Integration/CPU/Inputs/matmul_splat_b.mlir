// A 256x1024x1024 matmul whose B is a splat constant: the reduced case of a
// torch-mlir MLP that failed to compile on a 512 KiB-L2 machine (the
// default packed B in panels, and a slice of a splat folds to a constant
// that hoist_pad cannot hoist).
func.func @f(%a: tensor<256x1024xf32>) -> tensor<256x1024xf32> {
  %b = arith.constant dense<0.5> : tensor<1024x1024xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x1024xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256x1024xf32>) -> tensor<256x1024xf32>
  %r = linalg.matmul ins(%a, %b : tensor<256x1024xf32>, tensor<1024x1024xf32>) outs(%f : tensor<256x1024xf32>) -> tensor<256x1024xf32>
  return %r : tensor<256x1024xf32>
}
