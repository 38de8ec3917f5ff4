// A bf16 matmul accumulating in f32. On a target whose features list
// avx512bf16 but no AMX (a Zen 4) it is packed for bf16 dot products and
// gets the cpu.contraction_bf16_dot sketch; with AMX-BF16 it is packed too
// and gets cpu.contraction_amx; on a target without either (an AVX-512
// machine without BF16, e.g. Skylake-X, or a target of older records with
// no features) its inputs are widened to f32 and it gets the f32 sketches.
// With AMX, a matmul whose M, N or K/2 is not a multiple of 16 (@odd) is
// widened too (AMX tiles do not take it, and there bf16 dot products run at
// half the f32 FMA rate); without AMX it is packed.
// RUN: tuner-opt %s --sched-apply-default='target={#sched.target<kind = cpu, arch = "znver4", cores = 2, vector_bits = 512, l1 = 32768, l2 = 1048576, features = "avx2,avx512bf16,avx512bw,avx512f,avx512vl,fma">}' | FileCheck %s --check-prefix=BF16
// RUN: tuner-opt %s --sched-apply-default=target=cpu:avx512:+avx512bf16:2t | FileCheck %s --check-prefix=BF16
// RUN: tuner-opt %s --sched-apply-default='target={#sched.target<kind = cpu, arch = "sapphirerapids", cores = 2, vector_bits = 512, l1 = 49152, l2 = 2097152, features = "amx-bf16,amx-tile,avx512bf16,avx512bw,avx512f,avx512vl,fma">}' | FileCheck %s --check-prefix=AMX
// RUN: tuner-opt %s --sched-apply-default=target=cpu:avx512:2t | FileCheck %s --check-prefix=NOBF16
// RUN: tuner-opt %s --sched-apply-default='target={#sched.target<kind = cpu, arch = "znver4", cores = 2, vector_bits = 512>}' | FileCheck %s --check-prefix=NOBF16
// RUN: tuner-opt %s --sched-generate-space='target={#sched.target<kind = cpu, arch = "znver4", cores = 2, vector_bits = 512, features = "avx512bf16">}' | FileCheck %s --check-prefix=SPACE

// Without AMX, B is laid out in blocks of 16 columns ([N/16, K/2, 16, 2])
// and the contraction runs over (m, nb, n, k, p) into C as [M, N/16, 16];
// its register tiles span whole blocks and its parallel tiles one register
// tile's columns.
// BF16:       tensor.expand_shape {{.*}} into tensor<32x128x2xbf16>
// BF16:       linalg.generic {{.*}} outs(%{{.*}} : tensor<4x128x16x2xbf16>)
// BF16:       linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]
// BF16-SAME:  sched.config = #sched.config<sketch = "cpu.contraction_bf16_dot", knobs = {k1 = 128, m1 = 16, n1 = 64, tile = "4x64"}>
// BF16:       tensor.collapse_shape {{.*}} into tensor<32x64xf32>

// AMX:        linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction", "reduction"]
// AMX-SAME:   sched.config = #sched.config<sketch = "cpu.contraction_amx", knobs = {k1 = 128, m1 = 16, n1 = 64, tiles = "1x4"}>

// AMX-LABEL:  func.func @odd
// AMX-NOT:    tensor.expand_shape
// AMX:        linalg.matmul {sched.config = #sched.config<sketch = "cpu.contraction{{(_padded)?}}", {{.*}} ins({{.*}} : tensor<24x256xf32>, tensor<256x40xf32>)

// N = 40 is no multiple of 16: B as [K/2, N, 2], for the f32-style sketches.
// BF16-LABEL: func.func @odd
// BF16:       tensor.expand_shape {{.*}} into tensor<24x128x2xbf16>
// BF16:       linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction", "reduction"]

// NOBF16-NOT: bf16_dot
// NOBF16:     linalg.matmul {sched.config = #sched.config<sketch = "cpu.contraction", {{.*}} ins({{.*}} : tensor<32x256xf32>, tensor<256x64xf32>)

// The register tile is a choice among m2 x n2 (n2 of 16, 32 or 64 here),
// with at most 24 accumulators; the blocked B needs no `pack` knob; the
// parallel tile's columns (knob n1) are divided into blocks of 16.
// SPACE:      transform.sched.exact_divide %{{.*}} by 16
// SPACE:      transform.tune.alternatives<"tile">
// SPACE-NOT:  transform.tune.alternatives<"pack">
// SPACE:      transform.apply_patterns.x86vector.vector_contract_to_packed_type_dot_product
func.func @proj(%a: tensor<32x256xbf16>, %w: tensor<256x64xbf16>) -> tensor<32x64xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x64xf32>) -> tensor<32x64xf32>
  %r = linalg.matmul ins(%a, %w : tensor<32x256xbf16>, tensor<256x64xbf16>) outs(%f : tensor<32x64xf32>) -> tensor<32x64xf32>
  return %r : tensor<32x64xf32>
}

func.func @odd(%a: tensor<24x256xbf16>, %w: tensor<256x40xbf16>) -> tensor<24x40xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<24x40xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<24x40xf32>) -> tensor<24x40xf32>
  %r = linalg.matmul ins(%a, %w : tensor<24x256xbf16>, tensor<256x40xbf16>) outs(%f : tensor<24x40xf32>) -> tensor<24x40xf32>
  return %r : tensor<24x40xf32>
}
