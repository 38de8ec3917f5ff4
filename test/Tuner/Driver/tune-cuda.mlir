// Tuning for a CUDA target. The search (GPU sketches, their constraints,
// the GPU features of the cost model) runs with the fake measurer anywhere;
// measuring for real needs a GPU, and without one there is one diagnostic.
// RUN: tuner-test-opt %s --tuner-tune="target=cuda:sm_90 measure=fake policy=evolutionary trials=24 batch-size=8 seed=1 progress=off report=%t.json" | FileCheck %s
// RUN: FileCheck %s --check-prefix=REPORT --input-file=%t.json
// RUN: not tuner-opt %s --tuner-tune="target=cuda:sm_90 trials=4" 2>&1 | FileCheck %s --check-prefix=NO-GPU
// precision=tf32 (an opt-in): the target's tf32 feature, which the
// records and the report name; not for a CPU target. target=cuda:sm_90a:
// Hopper's architecture-specific chip.
// RUN: tuner-test-opt %s --tuner-tune="target=cuda:sm_90 precision=tf32 measure=fake trials=8 batch-size=8 seed=1 progress=off report=%t.tf32.json" | FileCheck %s --check-prefix=TF32
// RUN: FileCheck %s --check-prefix=TF32-REPORT --input-file=%t.tf32.json
// RUN: tuner-test-opt %s --tuner-tune="target=cuda:sm_90a measure=fake trials=8 batch-size=8 seed=1 progress=off" | FileCheck %s --check-prefix=SM90A
// RUN: not tuner-test-opt %s --tuner-tune="target=cpu:avx2 precision=tf32 measure=fake trials=8" 2>&1 | FileCheck %s --check-prefix=TF32-CPU
// RUN: not tuner-test-opt %s --tuner-tune="target=cuda:sm_90 precision=fp8 measure=fake trials=8" 2>&1 | FileCheck %s --check-prefix=FP8
// UNSUPPORTED: cuda-runtime

// TF32: module attributes {sched.target = #sched.target<kind = cuda, arch = "sm_90", features = "tf32",
// TF32-REPORT: "target": "cuda:sm_90:tf32"
// SM90A: module attributes {sched.target = #sched.target<kind = cuda, arch = "sm_90a",
// TF32-CPU: error: tuner-tune: precision=tf32 needs a CUDA target, not cpu:x86-64-v3
// FP8: error: tuner-tune: unknown precision 'fp8'; available: f32 tf32

// CHECK: module attributes {sched.target = #sched.target<kind = cuda, arch = "sm_90", sms = 132, max_threads_per_block = 1024, shared_memory_per_block = 49152, registers_per_sm = 65536, warp_size = 32>}
// CHECK: linalg.matmul {sched.config = #sched.config<sketch = "gpu.contraction", knobs = {bk = {{[0-9]+}}, bm = {{[0-9]+}}, bn = {{[0-9]+}}, threads = "{{[0-9]+}}x{{[0-9]+}}"}>
// CHECK: linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, sched.config = #sched.config<sketch = "gpu.conv2d", knobs = {bc = {{[0-9]+}}, bh = {{[0-9]+}}, bw = {{[0-9]+}}, ic2 = {{[0-9]+}}, kw2 = {{[0-9]+}}, tc = {{[0-9]+}}, tw = {{[0-9]+}}}>

// REPORT: "target": "cuda:sm_90"

// One line, no crash, with the reason the driver gave.
// NO-GPU: error: tuner-tune: no GPU to measure cuda:sm_90 candidates on: {{no CUDA driver|this build has no CUDA runtime|the CUDA driver sees no device|cuInit failed}}
// NO-GPU-NOT: error:

func.func @mm(%a: tensor<256x128xf32>, %b: tensor<128x512xf32>) -> tensor<256x512xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<256x512xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<256x512xf32>) -> tensor<256x512xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<256x128xf32>, tensor<128x512xf32>)
                      outs(%fill : tensor<256x512xf32>) -> tensor<256x512xf32>
  return %mm : tensor<256x512xf32>
}

func.func @conv(%in: tensor<1x16x16x32xf32>, %f: tensor<3x3x32x64xf32>) -> tensor<1x14x14x64xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<1x14x14x64xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<1x14x14x64xf32>) -> tensor<1x14x14x64xf32>
  %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %f : tensor<1x16x16x32xf32>, tensor<3x3x32x64xf32>)
      outs(%fill : tensor<1x14x14x64xf32>) -> tensor<1x14x14x64xf32>
  return %conv : tensor<1x14x14x64xf32>
}
