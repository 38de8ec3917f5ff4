// RUN: tuner-opt %s --sched-materialize --tuner-lower-cpu | FileCheck %s --check-prefix=OMP
// RUN: tuner-opt %s --sched-materialize --tuner-lower-cpu=parallel=none | FileCheck %s --check-prefix=SEQ
// RUN: tuner-opt %s --sched-materialize --tuner-lower-cpu="out-params=true c-interface=true" | FileCheck %s --check-prefix=OUT
// The result is plain LLVM dialect that mlir-translate accepts.
// RUN: tuner-opt %s --sched-materialize --tuner-lower-cpu | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVMIR

// OMP:     llvm.func @mm(
// OMP-SAME:  -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// The module's target becomes the function's LLVM target features (the
// vector width implies AVX-512F, AVX2 and FMA; nothing else is listed).
// OMP-SAME:  target_features = #llvm.target_features<["+avx", "-amx-bf16", "-amx-fp16", "-amx-int8", "-amx-tile", "+avx2", "-avx512bf16", "-avx512bw", "+avx512f", "-avx512fp16", "-avx512vl", "-avx512vnni", "-avxvnni", "+fma"]>
// OMP-SAME:  tuner.kernel = {accumulator = f32, flops = 524288 : i64, inputs = [tensor<64x32xf32>, tensor<32x128xf32>], out_params = false, outputs = [tensor<64x128xf32>], precision = f32, reduction_size = 32 : i64}
// OMP:       omp.parallel
// OMP:         omp.wsloop
// OMP:       llvm.intr.fmuladd{{.*}} : (vector<32xf32>, vector<32xf32>, vector<32xf32>) -> vector<32xf32>
// OMP-NOT: linalg.
// OMP-NOT: scf.

// SEQ:     llvm.func @mm(
// SEQ-NOT:   omp.
// SEQ:       llvm.intr.fmuladd

// With out-params the result buffer is the caller's (a trailing memref
// argument, expanded), and a C interface wrapper is emitted.
// OUT:     llvm.func @mm(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64)
// OUT-SAME:  out_params = true
// OUT:     llvm.func @_mlir_ciface_mm(

// LLVMIR: define { ptr, ptr, i64, [2 x i64], [2 x i64] } @mm({{.*}}) #[[ATTRS:[0-9]+]]
// LLVMIR: call void {{.*}}@__kmpc_fork_call
// LLVMIR: attributes #[[ATTRS]] = { "target-features"="+avx,{{.*}},+avx512f,{{.*}}" }
module attributes {sched.target = #sched.target<kind = cpu, arch = "x86-64-v4", cores = 2, vector_bits = 512>} {
  func.func @mm(%a: tensor<64x32xf32>, %b: tensor<32x128xf32>) -> tensor<64x128xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<64x128xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
    %r = linalg.matmul {sched.config = #sched.config<sketch = "cpu.contraction", knobs = {contract = "outerproduct", k1 = 32, k2 = 1, m1 = 32, m2 = 8, ms = 32, n1 = 128, n2 = 32, ns = 64, unroll = 1}>}
        ins(%a, %b : tensor<64x32xf32>, tensor<32x128xf32>) outs(%f : tensor<64x128xf32>) -> tensor<64x128xf32>
    return %r : tensor<64x128xf32>
  }
}
