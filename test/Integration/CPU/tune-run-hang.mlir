// A kernel that hangs is killed after `timeout`, also when it is the first
// candidate of its task to run (before the reference outputs exist): the
// reference is computed in a job of its own, with its own limit
// (reference-timeout), and no candidate's run waits for it. test.run_hang's
// only candidate never returns.
// RUN: rm -f %t.db
// RUN: not tuner-test-opt %s --tuner-tune="target=host trials=1 sketches=test.run_hang timeout=1 repeats=1 min-repeat-ms=0 builders=1 drift-check=false database=%t.db progress=off" -o %t.mlir 2>&1 | FileCheck %s --check-prefix=STDERR
// RUN: %PYTHON %S/Inputs/fault_codes.py %t.db | FileCheck %s
// RUN: %PYTHON -c "import json, sys; r = json.loads(open(sys.argv[1]).readline()); assert r['run_s'] < 3, r['run_s']" %t.db

// CHECK: run_hang RUN_TIMEOUT running took longer than 1.0 s
// STDERR: warning: tuner-tune: no valid, checked config for task 'matmul_32x32x32' (1 trials: 0 wrong answers, 1 other errors): its ops are left unscheduled
func.func @mm(%a: tensor<32x32xf32>, %b: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
  %r = linalg.matmul ins(%a, %b : tensor<32x32xf32>, tensor<32x32xf32>) outs(%f : tensor<32x32xf32>) -> tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}
