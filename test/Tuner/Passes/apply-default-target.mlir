// The cpu target spec: an x86-64 level with cache sizes and a thread count,
// written on the module as its sched.target.
// RUN: tuner-opt %s --sched-apply-default=target=cpu:avx2:l1=32k:l2=512k:l3=8m:2t | FileCheck %s --check-prefix=SPEC
// SPEC: sched.target = #sched.target<kind = cpu, arch = "x86-64-v3", cores = 2, vector_bits = 256, l1 = 32768, l2 = 524288, l3 = 8388608, features = "avx2,fma">

// TUNER_HOST_TARGET stands in for the host: `host` (and a module without a
// target) then means that CPU, and other specs apply to it.
// RUN: env TUNER_HOST_TARGET=cpu:avx2:l1=32k:l2=512k:l3=8m:1t tuner-opt %s --sched-apply-default=target=host | FileCheck %s --check-prefix=ENV
// RUN: env TUNER_HOST_TARGET=cpu:avx2:l1=32k:l2=512k:l3=8m:1t tuner-opt %s --sched-apply-default | FileCheck %s --check-prefix=ENV
// RUN: env TUNER_HOST_TARGET=cpu:avx2:l1=32k:l2=512k:l3=8m:1t tuner-opt %s --sched-apply-default=target=cpu:2t | FileCheck %s --check-prefix=ENV2
// ENV: sched.target = #sched.target<kind = cpu, arch = "x86-64-v3", cores = 1, vector_bits = 256, l1 = 32768, l2 = 524288, l3 = 8388608, features = "avx2,fma">
// ENV2: sched.target = #sched.target<kind = cpu, arch = "x86-64-v3", cores = 2, vector_bits = 256, l1 = 32768, l2 = 524288, l3 = 8388608, features = "avx2,fma">

// A whole attribute works too; an invalid value is reported and ignored.
// RUN: env TUNER_HOST_TARGET='#sched.target<kind = cpu, arch = "znver1", cores = 1, vector_bits = 256, l2 = 524288, features = "avx2,fma">' tuner-opt %s --sched-apply-default | FileCheck %s --check-prefix=ATTR
// RUN: env TUNER_HOST_TARGET=tpu tuner-opt %s --sched-apply-default 2>&1 | FileCheck %s --check-prefix=BAD
// ATTR: sched.target = #sched.target<kind = cpu, arch = "znver1", cores = 1, vector_bits = 256, l2 = 524288, features = "avx2,fma">
// BAD: warning: ignoring TUNER_HOST_TARGET='tpu': expected cpu[:sse|avx2|avx512]
// BAD: sched.target = #sched.target<kind = cpu

func.func @f(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
