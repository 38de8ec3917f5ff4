// RUN: tuner-opt %s --sched-materialize --tuner-lower-gpu | FileCheck %s
// RUN: tuner-opt %s --sched-materialize --tuner-lower-gpu="out-params=true" | FileCheck %s --check-prefix=OUT
// The host side translates to LLVM IR calling the mgpu* runtime functions,
// with a constructor that loads the PTX.
// RUN: tuner-opt %s --sched-materialize --tuner-lower-gpu | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVMIR

// The host function launches the kernel; the result buffer is managed
// memory (reachable from the kernel and the caller).
// CHECK:      llvm.func @mm(
// CHECK-SAME:   tuner.kernel = {accumulator = f32, flops = 524288 : i64
// CHECK:        llvm.call @mgpuMemAlloc(%{{.*}}, %{{.*}}, %{{.*}}) : (i64, !llvm.ptr, i8) -> !llvm.ptr
// CHECK:        gpu.launch_func <%{{.*}} : !llvm.ptr> @mm_kernel::@mm_kernel blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}})
// CHECK-NOT:  linalg.
// CHECK-NOT:  scf.forall
// The kernel is PTX for sm_90 (PTX ISA 8.0) from LLVM's NVPTX backend: the
// A and B tiles staged in shared memory with 128-bit stores, barriers
// around the stages, FMAs on registers.
// CHECK:      gpu.binary @mm_kernel [#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">
// CHECK-SAME: .version 8.0
// CHECK-SAME: .target sm_90
// CHECK-SAME: .shared .align
// CHECK-SAME: st.shared.v4.b32
// CHECK-SAME: bar.sync
// CHECK-SAME: fma.rn.f32

// OUT:        llvm.func @mm(
// OUT-SAME:     out_params = true
// OUT-NOT:      mgpuMemAlloc

// LLVMIR-DAG: @llvm.global_ctors
// LLVMIR-DAG: call ptr @mgpuModuleLoadJIT(
// LLVMIR-DAG: call void @mgpuLaunchKernel(
// LLVMIR-DAG: call void @mgpuStreamSynchronize(
module attributes {sched.target = #sched.target<kind = cuda, arch = "sm_90", sms = 132, max_threads_per_block = 1024, shared_memory_per_block = 49152, registers_per_sm = 65536, warp_size = 32>} {
  func.func @mm(%a: tensor<64x32xf32>, %b: tensor<32x128xf32>) -> tensor<64x128xf32> {
    %zero = arith.constant 0.0 : f32
    %init = tensor.empty() : tensor<64x128xf32>
    %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<64x128xf32>) -> tensor<64x128xf32>
    %mm = linalg.matmul {sched.config = #sched.config<sketch = "gpu.contraction", knobs = {bm = 32, bn = 64, bk = 16, threads = "8x16"}>}
        ins(%a, %b : tensor<64x32xf32>, tensor<32x128xf32>)
        outs(%fill : tensor<64x128xf32>) -> tensor<64x128xf32>
    return %mm : tensor<64x128xf32>
  }
}
