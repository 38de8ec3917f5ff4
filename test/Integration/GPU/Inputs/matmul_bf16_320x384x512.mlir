// A bf16 matmul for the Hopper kernel on the emulator (gpu.contraction_wgmma
// on cuda:sm_90a: 64x64 blocks, K by 64 in 4 stages, 8 steps, so every
// stage and mbarrier phase is reused).
func.func @matmul_bf16(%A: tensor<320x512xbf16>, %B: tensor<512x384xbf16>) -> tensor<320x384xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<320x384xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<320x384xf32>) -> tensor<320x384xf32>
  %mm = linalg.matmul ins(%A, %B : tensor<320x512xbf16>, tensor<512x384xbf16>) outs(%fill : tensor<320x384xf32>) -> tensor<320x384xf32>
  return %mm : tensor<320x384xf32>
}
