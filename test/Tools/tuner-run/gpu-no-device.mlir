// A CUDA module (scheduled for a CUDA target, or lowered by tuner-lower-gpu)
// runs on the GPU; without a GPU, a driver or the CUDA runtime that is one
// diagnostic at the module, and nothing runs (no crash, no CPU fallback).
//
// UNSUPPORTED: cuda-runtime
// RUN: tuner-opt %s --sched-apply-default=target=cuda:sm_90 -o %t.sched.mlir
// RUN: not tuner-run %t.sched.mlir 2>&1 | FileCheck %s
// RUN: tuner-opt %t.sched.mlir --sched-materialize --tuner-lower-gpu=out-params=true -o %t.gpu.mlir
// RUN: not tuner-run %t.gpu.mlir --reference=%s --json 2>&1 | FileCheck %s

// CHECK: error: tuner-run: no GPU to run the module on: {{no CUDA driver|this build has no CUDA runtime|the CUDA driver sees no device|cuInit failed}}
// CHECK-NOT: Stack dump
// CHECK-NOT: median
func.func @mm(%a: tensor<64x32xf32>, %b: tensor<32x128xf32>) -> tensor<64x128xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<64x128xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<64x128xf32>) -> tensor<64x128xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<64x32xf32>, tensor<32x128xf32>)
                      outs(%fill : tensor<64x128xf32>) -> tensor<64x128xf32>
  return %mm : tensor<64x128xf32>
}
