// A bf16 matmul scheduled for a target with AMX-BF16 (cpu.contraction_amx)
// lowers to AMX tile operations: tuner-lower-cpu converts the 16x16x(16x2)
// contractions (convert-vector-to-amx) because the module's target has
// amx-bf16. The C tiles stay in tile registers across the K loop
// (tuner-hoist-amx-tiles): the loop's blocks carry them as x86_amx values.
// Compilation only: any host runs it.
// RUN: tuner-opt %s --sched-apply-default='target={#sched.target<kind = cpu, arch = "sapphirerapids", cores = 2, vector_bits = 512, features = "amx-bf16,amx-tile,avx512bf16,avx512f">}' --sched-materialize --tuner-lower-cpu | FileCheck %s

// CHECK: llvm.call_intrinsic "llvm.x86.tileloadd64.internal"
// CHECK: ^bb{{[0-9]+}}(%{{[0-9]+}}: i64, %[[ACC:[0-9]+]]: !llvm.x86_amx
// CHECK: llvm.call_intrinsic "llvm.x86.tdpbf16ps.internal"({{.+}}, %[[ACC]], {{.+}})
// CHECK-NOT: llvm.x86.tilestored64.internal
// CHECK: llvm.br ^bb
// CHECK: llvm.call_intrinsic "llvm.x86.tilestored64.internal"
func.func @proj(%a: tensor<32x64xbf16>, %w: tensor<64x32xbf16>) -> tensor<32x32xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
  %r = linalg.matmul ins(%a, %w : tensor<32x64xbf16>, tensor<64x32xbf16>) outs(%f : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}
