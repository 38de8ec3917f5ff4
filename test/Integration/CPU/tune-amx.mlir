// A bf16 projection tuned on a host with AMX-BF16: the candidates are AMX
// kernels (cpu.contraction_amx: 16x16 f32 tiles, tdpbf16ps), every one
// checked against the reference (verify-all); the tuned module lowers to AMX
// tile operations (tuner-lower-cpu converts them for a target with
// amx-bf16) and computes what the untransformed program computes.
// REQUIRES: host-amx-bf16
// RUN: rm -f %t.db
// RUN: tuner-opt %s --tuner-tune="target=host trials=6 builders=2 repeats=2 min-repeat-ms=5 verify-all=true sketches=cpu.contraction_amx,cpu.elementwise database=%t.db progress=off" -o %t.tuned.mlir
// RUN: %PYTHON %S/../../Tuner/Driver/Inputs/check_db.py %t.db --lines 6 --valid 6
// RUN: FileCheck %s --check-prefix=TUNED --input-file=%t.tuned.mlir
// RUN: tuner-opt %t.tuned.mlir --sched-materialize --tuner-lower-cpu -o %t.ll.mlir
// RUN: FileCheck %s --check-prefix=LLVM --input-file=%t.ll.mlir
// RUN: tuner-run %t.ll.mlir --reference=%s --repeats=1 | FileCheck %s --check-prefix=EXEC
// tuner-run lowers a scheduled module itself, AMX included (the module's
// target has amx-bf16).
// RUN: tuner-run %t.tuned.mlir --reference=%s --repeats=1 | FileCheck %s --check-prefix=EXEC

// TUNED: sketch = "cpu.contraction_amx"
// LLVM: llvm.x86.tdpbf16ps.internal
// EXEC: reference: match
func.func @proj(%a: tensor<64x512xbf16>, %w: tensor<512x256xbf16>) -> tensor<64x256xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x256xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x256xf32>) -> tensor<64x256xf32>
  %r = linalg.matmul ins(%a, %w : tensor<64x512xbf16>, tensor<512x256xbf16>) outs(%f : tensor<64x256xf32>) -> tensor<64x256xf32>
  return %r : tensor<64x256xf32>
}
