// The reduced case of the device crash on real models (issue 32): a matmul
// whose B is a constant. Bufferized, B is a memref.global of the host module;
// before tuner-gpu-device-memory the kernel read it at its host address
// ("Invalid __global__ read ... out of bounds" under compute-sanitizer).
func.func @matmul_const_b(%a: tensor<256x1024xf32>) -> tensor<256x1024xf32> {
  %b = arith.constant dense<0.5> : tensor<1024x1024xf32>
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<256x1024xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<256x1024xf32>) -> tensor<256x1024xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<256x1024xf32>, tensor<1024x1024xf32>)
                      outs(%fill : tensor<256x1024xf32>) -> tensor<256x1024xf32>
  return %mm : tensor<256x1024xf32>
}
