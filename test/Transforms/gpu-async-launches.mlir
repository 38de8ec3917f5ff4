// RUN: tuner-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(tuner-gpu-async-launches))" | FileCheck %s

// Launches in a row go on one stream; the runtime's module-buffer lookups
// and pure ops between them do not synchronize, the return does.

// CHECK-LABEL: func.func @chain
// CHECK:         %[[T0:.+]] = gpu.wait async
// CHECK-NEXT:    %[[T1:.+]] = gpu.launch_func async [%[[T0]]] @k::@k0
// CHECK:         llvm.call @mgpuTunerModuleBuffer
// CHECK-NOT:     gpu.wait
// CHECK:         %[[T2:.+]] = gpu.launch_func async [%[[T1]]] @k::@k1
// CHECK-NEXT:    %[[T3:.+]] = gpu.launch_func async [%[[T2]]] @k::@k0
// CHECK-NEXT:    gpu.wait [%[[T3]]]
// CHECK-NEXT:    return
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @k0(%a: memref<16xf32>) kernel { gpu.return }
    gpu.func @k1(%a: memref<16xf32>, %b: memref<16xf32>) kernel { gpu.return }
  }
  llvm.func @mgpuTunerModuleBuffer(!llvm.ptr, !llvm.ptr, i64, i32) -> !llvm.ptr
  func.func @chain(%a: memref<16xf32>, %slot: !llvm.ptr, %b: memref<16xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @k::@k0 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<16xf32>)
    %n = arith.constant 64 : i64
    %m = arith.constant 0 : i32
    %p = llvm.call @mgpuTunerModuleBuffer(%slot, %slot, %n, %m) : (!llvm.ptr, !llvm.ptr, i64, i32) -> !llvm.ptr
    %c2 = arith.addi %c1, %c1 : index
    gpu.launch_func @k::@k1 blocks in (%c2, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<16xf32>, %b : memref<16xf32>)
    gpu.launch_func @k::@k0 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%b : memref<16xf32>)
    return
  }
}

// -----

// Host code that touches memory, other calls and ops with regions wait for
// the kernels before them; launches inside a loop are chained in its body.

// CHECK-LABEL: func.func @waits
// CHECK:         %[[T0:.+]] = gpu.wait async
// CHECK-NEXT:    %[[T1:.+]] = gpu.launch_func async [%[[T0]]] @k::@k0
// CHECK-NEXT:    gpu.wait [%[[T1]]]
// CHECK-NEXT:    memref.store
// CHECK:         %[[T2:.+]] = gpu.launch_func async
// CHECK-NEXT:    gpu.wait [%[[T2]]]
// CHECK-NEXT:    call @other
// CHECK:         %[[T3:.+]] = gpu.launch_func async
// CHECK-NEXT:    gpu.wait [%[[T3]]]
// CHECK-NEXT:    scf.for
// CHECK:           %[[L1:.+]] = gpu.launch_func async [%{{.+}}] @k::@k0
// CHECK-NEXT:      %[[L2:.+]] = gpu.launch_func async [%[[L1]]] @k::@k0
// CHECK-NEXT:      gpu.wait [%[[L2]]]
// CHECK-NEXT:    }
// CHECK-NEXT:    return
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @k0(%a: memref<16xf32>) kernel { gpu.return }
  }
  func.func private @other()
  func.func @waits(%a: memref<16xf32>, %x: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @k::@k0 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<16xf32>)
    memref.store %x, %a[%c0] : memref<16xf32>
    gpu.launch_func @k::@k0 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<16xf32>)
    call @other() : () -> ()
    gpu.launch_func @k::@k0 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<16xf32>)
    scf.for %i = %c0 to %c4 step %c1 {
      gpu.launch_func @k::@k0 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<16xf32>)
      gpu.launch_func @k::@k0 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<16xf32>)
    }
    return
  }
}

// -----

// A launch that is already async is left as it is.

// CHECK-LABEL: func.func @already_async
// CHECK:         %[[T:.+]] = gpu.wait async
// CHECK-NEXT:    %[[L:.+]] = gpu.launch_func async [%[[T]]] @k::@k0
// CHECK-NEXT:    gpu.wait [%[[L]]]
// CHECK-NEXT:    return
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @k0(%a: memref<16xf32>) kernel { gpu.return }
  }
  func.func @already_async(%a: memref<16xf32>) {
    %c1 = arith.constant 1 : index
    %t = gpu.wait async
    %l = gpu.launch_func async [%t] @k::@k0 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<16xf32>)
    gpu.wait [%l]
    return
  }
}
