// RUN: tuner-opt %s --split-input-file --sched-materialize --tuner-lower-gpu | FileCheck %s
// The default configs of these matmuls are tensor-core ones: preparing for
// a CUDA target keeps their f16/bf16 inputs.
// RUN: tuner-opt %s --split-input-file --sched-apply-default=override=true | FileCheck %s --check-prefix=DEFAULT
// For a CPU, the preparation widens the inputs once (f32 FMAs).
// RUN: tuner-opt %s --split-input-file --sched-apply-default="override=true target=cpu:avx2" | FileCheck %s --check-prefix=CPU

// gpu.contraction_mma with f32 accumulation (configs from before the
// `stages` knob: 2 stages): the kernels of tuner-gpu-tensor-core-matmul,
// bf16 and f16 inputs through nvvm.mma.sync (MLIR 22's nvgpu cannot type
// bf16).

// CHECK:      gpu.binary @mm_bf16_kernel
// CHECK-SAME: .target sm_90
// CHECK-SAME: cp.async.cg.shared.global
// CHECK-SAME: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-SAME: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// CHECK-SAME: bar.sync
// DEFAULT: linalg.matmul {sched.config = #sched.config<sketch = "gpu.contraction_mma", knobs = {bk = 32, bm = 32, bn = 32, raster = 1, split_k = 1, stages = 4, warps = "2x2"}>
// DEFAULT-SAME: ins(%{{.*}}, %{{.*}} : tensor<128x256xbf16>, tensor<256x128xbf16>)
// CPU: arith.extf %{{.*}} : bf16 to f32
// CPU: linalg.matmul {sched.config = #sched.config<sketch = "cpu.
// CPU-SAME: tensor<128x256xf32>, tensor<256x128xf32>
module attributes {sched.target = #sched.target<kind = cuda, arch = "sm_90", sms = 132, max_threads_per_block = 1024, shared_memory_per_block = 49152, registers_per_sm = 65536, warp_size = 32>} {
  func.func @mm_bf16(%a: tensor<128x256xbf16>, %b: tensor<256x128xbf16>) -> tensor<128x128xf32> {
    %zero = arith.constant 0.0 : f32
    %init = tensor.empty() : tensor<128x128xf32>
    %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<128x128xf32>) -> tensor<128x128xf32>
    %mm = linalg.matmul {sched.config = #sched.config<sketch = "gpu.contraction_mma", knobs = {bm = 64, bn = 64, bk = 32, warps = "2x2"}>}
        ins(%a, %b : tensor<128x256xbf16>, tensor<256x128xbf16>)
        outs(%fill : tensor<128x128xf32>) -> tensor<128x128xf32>
    return %mm : tensor<128x128xf32>
  }
}

// -----

// CHECK:      gpu.binary @mm_f16_kernel
// CHECK-SAME: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-NOT:  mma.sync.aligned.m16n8k16.row.col.f16
// DEFAULT: linalg.matmul {sched.config = #sched.config<sketch = "gpu.contraction_mma", knobs = {bk = 32, bm = 32, bn = 32, raster = 1, split_k = 1, stages = 4, warps = "2x2"}>
// DEFAULT-SAME: tensor<64x64xf16>, tensor<64x128xf16>
// CPU: arith.extf %{{.*}} : f16 to f32
// CPU: linalg.matmul {sched.config = #sched.config<sketch = "cpu.
module attributes {sched.target = #sched.target<kind = cuda, arch = "sm_90", sms = 132, max_threads_per_block = 1024, shared_memory_per_block = 49152, registers_per_sm = 65536, warp_size = 32>} {
  func.func @mm_f16(%a: tensor<64x64xf16>, %b: tensor<64x128xf16>) -> tensor<64x128xf32> {
    %zero = arith.constant 0.0 : f32
    %init = tensor.empty() : tensor<64x128xf32>
    %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<64x128xf32>) -> tensor<64x128xf32>
    %mm = linalg.matmul {sched.config = #sched.config<sketch = "gpu.contraction_mma", knobs = {bm = 64, bn = 64, bk = 32, warps = "2x2"}>}
        ins(%a, %b : tensor<64x64xf16>, tensor<64x128xf16>)
        outs(%fill : tensor<64x128xf32>) -> tensor<64x128xf32>
    return %mm : tensor<64x128xf32>
  }
}

