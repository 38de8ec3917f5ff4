// A bf16 projection (bf16 inputs, f32 accumulation) tuned on a host with
// AVX512-BF16, for the host without AMX (cpu:+avx512bf16:-amx-bf16; with
// AMX the f32 path is the faster and is chosen): its candidates are bf16
// dot-product kernels, every one checked
// against the reference (verify-all), and the tuned module lowers to
// vdpbf16ps and computes what the untransformed program computes. The same
// program for an AVX-512 target without BF16 takes the f32 path and matches
// too.
// REQUIRES: host-avx512-bf16
// RUN: rm -f %t.db
// RUN: tuner-opt %s --tuner-tune="target=cpu:+avx512bf16:-amx-bf16 trials=8 builders=2 repeats=2 min-repeat-ms=5 verify-all=true sketches=cpu.contraction_bf16_dot,cpu.elementwise database=%t.db progress=off" -o %t.tuned.mlir
// RUN: %PYTHON %S/../../Tuner/Driver/Inputs/check_db.py %t.db --lines 8 --valid 8
// RUN: FileCheck %s --check-prefix=TUNED --input-file=%t.tuned.mlir
// RUN: tuner-opt %t.tuned.mlir --sched-materialize --tuner-lower-cpu -o %t.ll.mlir
// RUN: FileCheck %s --check-prefix=LLVM --input-file=%t.ll.mlir
// RUN: tuner-run %t.ll.mlir --reference=%s --repeats=1 | FileCheck %s --check-prefix=EXEC
// RUN: tuner-opt %s --sched-apply-default=target=cpu:avx512 --sched-materialize --tuner-lower-cpu -o %t.f32.ll.mlir
// RUN: FileCheck %s --check-prefix=F32 --input-file=%t.f32.ll.mlir
// RUN: tuner-run %t.f32.ll.mlir --reference=%s --repeats=1 | FileCheck %s --check-prefix=EXEC

// TUNED: sketch = "cpu.contraction_bf16_dot"
// LLVM: llvm.x86.avx512bf16.dpbf16ps.512
// EXEC: reference: match
// F32-NOT: dpbf16ps
func.func @proj(%a: tensor<64x512xbf16>, %w: tensor<512x256xbf16>) -> tensor<64x256xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x256xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x256xf32>) -> tensor<64x256xf32>
  %r = linalg.matmul ins(%a, %w : tensor<64x512xbf16>, tensor<512x256xbf16>) outs(%f : tensor<64x256xf32>) -> tensor<64x256xf32>
  return %r : tensor<64x256xf32>
}
