// RUN: tuner-opt %s --split-input-file --tuner-gpu-kernel-names | FileCheck %s

// Kernels outlined from a function named as ONNX importers name it: the
// modules, their kernels and their device globals get PTX names, unique
// beside the names already there; the references follow; the host function
// and valid names stay.

// CHECK-LABEL: func.func @"torch-jit-export"
// CHECK:         gpu.launch_func @torch_jit_export_kernel_1::@torch_jit_export_kernel
// CHECK:         gpu.launch_func @torch_jit_export_kernel_0_1::@_0kernel
// CHECK:         gpu.launch_func @torch_jit_export_kernel::@k
// CHECK:       gpu.module @torch_jit_export_kernel_1
// CHECK:         memref.global "private" constant @cst_1x2 :
// CHECK:         gpu.func @torch_jit_export_kernel(
// CHECK:           memref.get_global @cst_1x2 :
// CHECK:       gpu.module @torch_jit_export_kernel_0_1
// CHECK:         gpu.func @_0kernel(
// CHECK:       gpu.module @torch_jit_export_kernel {
// CHECK:         gpu.func @k(
// CHECK:       gpu.module @torch_jit_export_kernel_0 {
// CHECK:         gpu.func @__(
module attributes {gpu.container_module} {
  func.func @"torch-jit-export"(%a: memref<2xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @"torch-jit-export_kernel"::@"torch-jit-export_kernel" blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<2xf32>)
    gpu.launch_func @"torch-jit-export_kernel_0"::@"0kernel" blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<2xf32>)
    gpu.launch_func @torch_jit_export_kernel::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<2xf32>)
    return
  }
  gpu.module @"torch-jit-export_kernel" {
    memref.global "private" constant @"cst.1x2" : memref<2xf32> = dense<[1.0, 2.0]>
    gpu.func @"torch-jit-export_kernel"(%a: memref<2xf32>) kernel {
      %g = memref.get_global @"cst.1x2" : memref<2xf32>
      gpu.return
    }
  }
  gpu.module @"torch-jit-export_kernel_0" {
    gpu.func @"0kernel"(%a: memref<2xf32>) kernel { gpu.return }
  }
  gpu.module @torch_jit_export_kernel {
    gpu.func @k(%a: memref<2xf32>) kernel { gpu.return }
  }
  gpu.module @torch_jit_export_kernel_0 {
    gpu.func @"-"() kernel { gpu.return }
  }
}
