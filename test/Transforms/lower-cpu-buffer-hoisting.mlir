// tuner-lower-cpu allocates a buffer of loop-invariant size once, before
// the loop, rather than once per iteration: B's packed panels ("panel":
// 4 panels of 32 x 1 x 32 per K block of 32) are allocated outside the
// K loop (4 blocks) and freed after it.
// RUN: tuner-opt %s --sched-materialize --tuner-lower-cpu --mlir-print-ir-after=buffer-loop-hoisting -o /dev/null 2>&1 | FileCheck %s

// CHECK-LABEL: IR Dump After BufferLoopHoistingPass
// CHECK:       scf.forall
// CHECK:         %[[PANELS:.*]] = memref.alloc() {{.*}} : memref<4x32x1x32xf32>
// CHECK-NEXT:    scf.for %{{.*}} = %{{.*}} to %c128 step %c32
// CHECK-NOT:       memref.alloc
// CHECK:           vector.fma
module attributes {sched.target = #sched.target<kind = cpu, arch = "x86-64-v4", cores = 2, vector_bits = 512>} {
  func.func @mm(%a: tensor<64x128xf32>, %b: tensor<128x128xf32>) -> tensor<64x128xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<64x128xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
    %r = linalg.matmul {sched.config = #sched.config<sketch = "cpu.contraction", knobs = {contract = "outerproduct", k1 = 32, k2 = 1, m1 = 32, m2 = 8, ms = 32, n1 = 128, n2 = 32, ns = 128, pack = "panel", unroll = 1}>}
        ins(%a, %b : tensor<64x128xf32>, tensor<128x128xf32>) outs(%f : tensor<64x128xf32>) -> tensor<64x128xf32>
    return %r : tensor<64x128xf32>
  }
}
