// A candidate that crashes, hangs, exhausts memory or computes a wrong
// result, at build or at run time, costs that candidate only: it is recorded
// with its error code and the run goes on (test.fault injects each fault once:
// seven candidates, seven trials).
// RUN: rm -f %t.db
// RUN: tuner-test-opt %s --tuner-tune="target=host trials=7 sketches=test.fault verify-all=true timeout=3 memory-limit=1024 builders=2 repeats=1 min-repeat-ms=0 drift-check=false database=%t.db report=%t.json progress=off" -o %t.mlir 2>&1 | FileCheck %s --allow-empty --check-prefix=STDERR
// RUN: %PYTHON %S/Inputs/fault_codes.py %t.db | FileCheck %s
// The only valid candidate wins.
// RUN: FileCheck %s --check-prefix=OUT --input-file=%t.mlir

// CHECK: build_crash COMPILE_HOST the builder died: killed by signal 11
// CHECK: build_hang BUILD_TIMEOUT building took longer than 3.0 s
// CHECK: build_oom COMPILE_HOST the builder died: {{.*}}out of memory
// CHECK: none NO_ERROR
// CHECK: run_crash RUNTIME_DEVICE the kernel crashed the runner: killed by signal 6 (Aborted)
// CHECK: run_hang RUN_TIMEOUT running took longer than
// CHECK: wrong_result WRONG_ANSWER the outputs differ from the reference{{.*}} (output 0, element
// STDERR-NOT: error
// OUT: linalg.matmul {sched.config = #sched.config<sketch = "test.fault", knobs = {kind = "none"}>
func.func @mm(%a: tensor<32x32xf32>, %b: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
  %r = linalg.matmul ins(%a, %b : tensor<32x32xf32>, tensor<32x32xf32>) outs(%f : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}
