// f32 4096^3 under gpu.contraction_simt (not the default sketch of f32
// matmuls): 128 x 128 blocks of 16 x 16 threads, K by 16 in 3 stages.
module attributes {sched.target = #sched.target<kind = cuda, arch = "sm_90", sms = 132, max_threads_per_block = 1024, shared_memory_per_block = 49152, registers_per_sm = 65536, warp_size = 32>} {
  func.func @matmul_4096_simt(%A: tensor<4096x4096xf32>, %B: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
    %zero = arith.constant 0.0 : f32
    %init = tensor.empty() : tensor<4096x4096xf32>
    %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %mm = linalg.matmul {sched.config = #sched.config<sketch = "gpu.contraction_simt", knobs = {bk = 16, bm = 128, bn = 128, stages = 3, threads = "16x16"}>}
        ins(%A, %B : tensor<4096x4096xf32>, tensor<4096x4096xf32>) outs(%fill : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    return %mm : tensor<4096x4096xf32>
  }
}
