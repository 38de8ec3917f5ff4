// RUN: tuner-opt %s --split-input-file --sched-apply-default=target=cpu:avx512:2t --verify-diagnostics
// RUN: not tuner-opt %s --sched-apply-default=target=tpu 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not tuner-opt %s --sched-apply-default=target=cuda:sm_20 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not tuner-opt %s --sched-apply-default=target=cuda:sm_80a 2>&1 | FileCheck %s --check-prefix=CHIP-A
// RUN: not tuner-opt %s --sched-apply-default=target=cuda:sm_90:fp8 2>&1 | FileCheck %s --check-prefix=PRECISION

// RUN: not tuner-opt %s --sched-apply-default=target=cpu:avx512:+ 2>&1 | FileCheck %s --check-prefix=FEATURE
// RUN: not tuner-opt %s --sched-apply-default=target=cpu:avx2:l2=big 2>&1 | FileCheck %s --check-prefix=CACHE
// RUN: not tuner-opt %s --sched-apply-default=target=cpu:avx2:+nonsense 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: invalid cpu target 'cpu:avx2:+nonsense': unknown x86 feature 'nonsense'
// RUN: not tuner-opt %s --sched-apply-default="target=cpu:avx2 sketches=cpu.elementwise,gpu.nope" 2>&1 | FileCheck %s --check-prefix=SKETCH
// SKETCH: error: sched-apply-default: unknown sketch 'gpu.nope'
// TARGET: error: unknown target 'tpu': expected 'host', 'cpu[:sse|avx2|avx512][:<N>t][:l1=<bytes>][:l2=<bytes>][:l3=<bytes>][:+feature|-feature]', 'cuda:sm_XY' or a #sched.target attribute
// FEATURE: error: invalid cpu target 'cpu:avx512:+': expected cpu[:sse|avx2|avx512][:<N>t][:l1=<bytes>][:l2=<bytes>][:l3=<bytes>][:+feature|-feature] (sizes may end in k or m)
// CACHE: error: invalid cpu target 'cpu:avx2:l2=big': expected
// CHIP: error: unknown CUDA chip in target 'cuda:sm_20': expected 'cuda:sm_XY' with XY >= 70 or 'cuda:sm_XYa' with XY >= 90
// PRECISION: error: invalid cuda target 'cuda:sm_90:fp8': expected 'cuda:<chip>' or 'cuda:<chip>:tf32'
// CHIP-A: error: unknown CUDA chip in target 'cuda:sm_80a': expected 'cuda:sm_XY' with XY >= 70 or 'cuda:sm_XYa' with XY >= 90

// Ops that cannot be tasks get a warning and no config.
func.func @dynamic(%a: tensor<?x16xf32>, %b: tensor<16x16xf32>, %c: tensor<?x16xf32>) -> tensor<?x16xf32> {
  // expected-warning @+1 {{dynamic shapes are not supported}}
  %0 = linalg.matmul ins(%a, %b : tensor<?x16xf32>, tensor<16x16xf32>) outs(%c : tensor<?x16xf32>) -> tensor<?x16xf32>
  return %0 : tensor<?x16xf32>
}
