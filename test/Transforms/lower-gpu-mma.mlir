// RUN: tuner-opt %s --sched-materialize --tuner-lower-gpu | FileCheck %s
// The default config of an f16 matmul on a CUDA target is a tensor-core one.
// RUN: tuner-opt %s --sched-apply-default=override=true | FileCheck %s --check-prefix=DEFAULT

// gpu.contraction_mma (a config from before the `stages` knob: 2 stages):
// tuner-gpu-tensor-core-matmul builds the block's kernel after
// bufferization, then PTX for sm_90: 16-byte cp.async into shared memory,
// ldmatrix (.trans for B), f16-accumulating mma.sync, a barrier per K tile.
// CHECK:      gpu.launch_func <%{{.*}} : !llvm.ptr> @mm_kernel::@mm_kernel
// CHECK-SAME: dynamic_shared_memory_size
// CHECK:      gpu.binary @mm_kernel
// CHECK-SAME: .target sm_90
// CHECK-SAME: cp.async.cg.shared.global
// CHECK-SAME: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-SAME: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// CHECK-SAME: mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16
// CHECK-SAME: bar.sync

// DEFAULT: linalg.matmul {sched.config = #sched.config<sketch = "gpu.contraction_mma", knobs = {bk = 32, bm = 32, bn = 32, raster = 1, split_k = 1, stages = 4, warps = "2x2"}>}
module attributes {sched.target = #sched.target<kind = cuda, arch = "sm_90", sms = 132, max_threads_per_block = 1024, shared_memory_per_block = 49152, registers_per_sm = 65536, warp_size = 32>} {
  func.func @mm(%a: tensor<128x256xf16>, %b: tensor<256x128xf16>) -> tensor<128x128xf16> {
    %zero = arith.constant 0.0 : f16
    %init = tensor.empty() : tensor<128x128xf16>
    %fill = linalg.fill ins(%zero : f16) outs(%init : tensor<128x128xf16>) -> tensor<128x128xf16>
    %mm = linalg.matmul {sched.config = #sched.config<sketch = "gpu.contraction_mma", knobs = {bm = 64, bn = 64, bk = 32, warps = "2x2"}>}
        ins(%a, %b : tensor<128x256xf16>, tensor<256x128xf16>)
        outs(%fill : tensor<128x128xf16>) -> tensor<128x128xf16>
    return %mm : tensor<128x128xf16>
  }
}
