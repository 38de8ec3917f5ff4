// RUN: tuner-opt %s --transform-interpreter --split-input-file --verify-diagnostics | FileCheck %s

// The block's matmul becomes the tensor-core kernel: a thread loop of 4
// warps (2x2) with 2 stages of 16-deep tiles in dynamic shared memory;
// the fill before it becomes the accumulators' start.

// CHECK-LABEL: func.func @kernel
// CHECK-NOT:     linalg.
// CHECK:         gpu.dynamic_shared_memory {tuner.shared_bytes = 8192 : i64}
// CHECK:         scf.forall (%{{.*}}) in (128) {
// CHECK:           nvgpu.device_async_copy
// CHECK:           scf.for
// CHECK:             nvgpu.ldmatrix
// CHECK:             nvvm.mma.sync
// CHECK:           vector.store
// CHECK-NOT:       linalg.
// CHECK:         } {mapping = [#gpu.thread<x>]}
// CHECK-NEXT:    } {mapping = [#gpu.block<x>]}
func.func @kernel(%a: memref<64x64xbf16>, %b: memref<64x64xbf16>, %c: memref<64x64xf32>) {
  %zero = arith.constant 0.0 : f32
  scf.forall (%i) in (1) {
    linalg.fill ins(%zero : f32) outs(%c : memref<64x64xf32>)
    linalg.matmul ins(%a, %b : memref<64x64xbf16>, memref<64x64xbf16>) outs(%c : memref<64x64xf32>)
  } {mapping = [#gpu.block<x>]}
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %kernel = transform.sched.tensor_core_matmul %mm warps = [2, 2] tile_k = 16 stages = 2 : (!transform.any_op) -> !transform.any_op
    %n = transform.num_associations %kernel : (!transform.any_op) -> !transform.param<i64>
    // expected-remark @below {{1}}
    transform.debug.emit_param_as_remark %n : !transform.param<i64>
    transform.yield
  }
}

// -----

// A tile the warps do not split: a silenceable failure with the reason at
// the op.
func.func @warp_tiles(%a: memref<48x64xbf16>, %b: memref<64x64xbf16>, %c: memref<48x64xf32>) {
  scf.forall (%i) in (1) {
    // expected-note @below {{each warp's tile of 48x64 / 2x2 warps must be made of 16x16 fragments}}
    linalg.matmul ins(%a, %b : memref<48x64xbf16>, memref<64x64xbf16>) outs(%c : memref<48x64xf32>)
  } {mapping = [#gpu.block<x>]}
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a tensor-core kernel}}
    %kernel = transform.sched.tensor_core_matmul %mm warps = [2, 2] tile_k = 16 stages = 2 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// Not a matmul.

func.func @not_a_matmul(%c: memref<64x64xf32>) {
  %zero = arith.constant 0.0 : f32
  // expected-note @below {{expected a linalg.matmul}}
  linalg.fill ins(%zero : f32) outs(%c : memref<64x64xf32>)
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %fill = transform.structured.match ops{["linalg.fill"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{cannot build a tensor-core kernel}}
    %kernel = transform.sched.tensor_core_matmul %fill warps = [1, 1] tile_k = 16 stages = 2 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
