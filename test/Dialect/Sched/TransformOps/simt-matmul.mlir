// RUN: tuner-opt %s --transform-interpreter --split-input-file --verify-diagnostics | FileCheck %s

// The block's f32 matmul becomes the CUDA-core kernel: 16 x 8 threads, 2
// stages of 16-deep tiles in dynamic shared memory; the fill before it
// becomes the accumulators' start.

// CHECK-LABEL: func.func @kernel
// CHECK-NOT:     linalg.
// CHECK:         gpu.dynamic_shared_memory {tuner.shared_bytes = 16384 : i64}
// CHECK:         scf.forall (%{{.*}}) in (128) {
// CHECK:           nvgpu.device_async_copy
// CHECK:           scf.for
// CHECK:             vector.load
// CHECK:             math.fma
// CHECK:           vector.store
// CHECK-NOT:       linalg.
// CHECK:         } {mapping = [#gpu.thread<x>]}
// CHECK-NEXT:    } {mapping = [#gpu.block<x>]}
func.func @kernel(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %c: memref<64x64xf32>) {
  %zero = arith.constant 0.0 : f32
  scf.forall (%i) in (1) {
    linalg.fill ins(%zero : f32) outs(%c : memref<64x64xf32>)
    linalg.matmul ins(%a, %b : memref<64x64xf32>, memref<64x64xf32>) outs(%c : memref<64x64xf32>)
  } {mapping = [#gpu.block<x>]}
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %kernel = transform.sched.simt_matmul %mm threads = [16, 8] tile_k = 16 stages = 2 : (!transform.any_op) -> !transform.any_op
    %n = transform.num_associations %kernel : (!transform.any_op) -> !transform.param<i64>
    // expected-remark @below {{1}}
    transform.debug.emit_param_as_remark %n : !transform.param<i64>
    transform.yield
  }
}

// -----

// Threads that do not split the tile: a silenceable failure with the
// reason at the op.

func.func @threads(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %c: memref<64x64xf32>) {
  scf.forall (%i) in (1) {
    // expected-note @below {{the 16x32 threads must split the 64x64 tile into rows and groups of 4 columns}}
    linalg.matmul ins(%a, %b : memref<64x64xf32>, memref<64x64xf32>) outs(%c : memref<64x64xf32>)
  } {mapping = [#gpu.block<x>]}
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a CUDA-core matmul kernel}}
    %kernel = transform.sched.simt_matmul %mm threads = [16, 32] tile_k = 16 stages = 2 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
