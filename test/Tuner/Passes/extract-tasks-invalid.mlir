// RUN: tuner-opt %s --split-input-file --sched-extract-tasks=prepare=false --verify-diagnostics

// Dynamic shapes cannot be tuned: a warning, no annotation, no failure.
func.func @dynamic(%a: tensor<?x16xf32>, %b: tensor<16x16xf32>, %c: tensor<?x16xf32>) -> tensor<?x16xf32> {
  // expected-warning @+1 {{dynamic shapes are not supported: op is not extracted as a tuning task}}
  %0 = linalg.matmul ins(%a, %b : tensor<?x16xf32>, tensor<16x16xf32>) outs(%c : tensor<?x16xf32>) -> tensor<?x16xf32>
  return %0 : tensor<?x16xf32>
}

// -----

func.func @buffers(%a: memref<16x16xf32>, %b: memref<16x16xf32>, %c: memref<16x16xf32>) {
  // expected-warning @+1 {{linalg op on buffers is not extracted as a tuning task; the tuner schedules ops on tensors}}
  linalg.matmul ins(%a, %b : memref<16x16xf32>, memref<16x16xf32>) outs(%c : memref<16x16xf32>)
  return
}

// -----

func.func @softmax(%x: tensor<4x32xf32>, %o: tensor<4x32xf32>) -> tensor<4x32xf32> {
  // expected-warning @+1 {{aggregate op is not extracted as a tuning task; decompose it into linalg ops first (transform.structured.decompose_interface or tuner-prepare)}}
  %0 = linalg.softmax dimension(1) ins(%x : tensor<4x32xf32>) outs(%o : tensor<4x32xf32>) -> tensor<4x32xf32>
  return %0 : tensor<4x32xf32>
}

// -----

// A static op next to a dynamic one is still extracted.
func.func @mixed(%a: tensor<?x8xf32>, %b: tensor<8x8xf32>, %c: tensor<?x8xf32>, %d: tensor<8x8xf32>) -> (tensor<?x8xf32>, tensor<8x8xf32>) {
  // expected-warning @+1 {{dynamic shapes are not supported}}
  %0 = linalg.matmul ins(%a, %b : tensor<?x8xf32>, tensor<8x8xf32>) outs(%c : tensor<?x8xf32>) -> tensor<?x8xf32>
  %1 = linalg.matmul ins(%b, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%d : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0, %1 : tensor<?x8xf32>, tensor<8x8xf32>
}

// -----

// A reduction into an uninitialized tensor.empty has no defined result: a
// warning (it is still a task), not a silent stream of wrong answers.
func.func @uninitialized(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %e = tensor.empty() : tensor<8x8xf32>
  // expected-warning @+1 {{the op reads its accumulator (init #0), an uninitialized tensor.empty: its result is undefined}}
  %0 = linalg.matmul ins(%a, %a : tensor<8x8xf32>, tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// Ops with an empty loop range compute nothing: no task, no warning.
func.func @empty(%a: tensor<0x16xf32>, %b: tensor<16x8xf32>, %c: tensor<0x8xf32>) -> tensor<0x8xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<0x16xf32>, tensor<16x8xf32>) outs(%c : tensor<0x8xf32>) -> tensor<0x8xf32>
  return %0 : tensor<0x8xf32>
}
