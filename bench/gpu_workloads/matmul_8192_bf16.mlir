// An 8192^3 matmul with bf16 inputs accumulating in f32 (tensor cores on a
// CUDA target: gpu.contraction_mma or, on sm_90a, gpu.contraction_wgmma).
// Issue 33 asks for 8192^3 too: A and B (256 MiB) do not fit L2, where the
// order of the blocks (the raster knob) matters.
func.func @matmul_8192_bf16(%A: tensor<8192x8192xbf16>, %B: tensor<8192x8192xbf16>) -> tensor<8192x8192xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<8192x8192xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<8192x8192xf32>) -> tensor<8192x8192xf32>
  %mm = linalg.matmul ins(%A, %B : tensor<8192x8192xbf16>, tensor<8192x8192xbf16>) outs(%fill : tensor<8192x8192xf32>) -> tensor<8192x8192xf32>
  return %mm : tensor<8192x8192xf32>
}
