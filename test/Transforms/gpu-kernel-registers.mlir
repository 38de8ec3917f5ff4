// RUN: tuner-opt %s --tuner-gpu-kernel-registers | FileCheck %s

// The registers per SM over the block's threads, a multiple of 8, at most
// 255; a kernel without a known block size, one with a limit already and a
// device function are left alone.

// CHECK-LABEL: gpu.module @kernels
gpu.module @kernels {
  // CHECK: gpu.func @small() kernel attributes {known_block_size = array<i32: 8, 8, 1>, nvvm.maxnreg = 255 : i32}
  gpu.func @small() kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
    gpu.return
  }
  // CHECK: gpu.func @full() kernel attributes {known_block_size = array<i32: 32, 32, 1>, nvvm.maxnreg = 64 : i32}
  gpu.func @full() kernel attributes {known_block_size = array<i32: 32, 32, 1>} {
    gpu.return
  }
  // CHECK: gpu.func @odd() kernel attributes {known_block_size = array<i32: 96, 3, 1>, nvvm.maxnreg = 224 : i32}
  gpu.func @odd() kernel attributes {known_block_size = array<i32: 96, 3, 1>} {
    gpu.return
  }
  // CHECK: gpu.func @unknown() kernel {
  gpu.func @unknown() kernel {
    gpu.return
  }
  // CHECK: gpu.func @set() kernel attributes {known_block_size = array<i32: 8, 1, 1>, nvvm.maxnreg = 40 : i32}
  gpu.func @set() kernel attributes {known_block_size = array<i32: 8, 1, 1>, nvvm.maxnreg = 40 : i32} {
    gpu.return
  }
  // CHECK: gpu.func @device() {
  gpu.func @device() {
    gpu.return
  }
}
