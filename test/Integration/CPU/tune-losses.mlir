// Nothing a run was asked for is lost, and nothing outlives it.
//
// A runner killed (kill -9) while idle or busy costs the candidate it held
// or was sent (the driver takes back the SIGPIPE of writing to it): the run
// goes on with a new runner and exits 0 with its output.
// RUN: rm -f %t.kill.db %t.kill.mlir
// RUN: %PYTHON %S/Inputs/kill_worker.py runner tuner-opt %s --tuner-tune="target=host trials=24 batch-size=8 repeats=1 min-repeat-ms=0 database=%t.kill.db progress=off" -o %t.kill.mlir 2>&1 | FileCheck %s --check-prefix=KILL
// RUN: FileCheck %s --check-prefix=OUT --input-file=%t.kill.mlir
// KILL: killed {{[1-3]}}
// KILL: exit 0
// OUT: linalg.matmul {sched.config = #sched.config<sketch = "cpu.
//
// SIGTERM and SIGINT end the run by that signal, and its mlir-tuner-* work
// directory is removed.
// RUN: rm -rf %t.tmp
// RUN: %PYTHON %S/Inputs/interrupt.py TERM %t.tmp/term tuner-opt %s --tuner-tune="target=host trials=400 progress=off" -o %t.int.mlir 2>&1 | FileCheck %s --check-prefix=TERM
// RUN: %PYTHON %S/Inputs/interrupt.py INT %t.tmp/int tuner-opt %s --tuner-tune="target=host trials=400 progress=off" -o %t.int.mlir 2>&1 | FileCheck %s --check-prefix=INT
// TERM: exit -15
// TERM: left 0
// INT: exit -2
// INT: left 0
//
// time-budget is honoured within a few seconds: no job starts after it,
// one running 2 s past it is killed, no final validation or drift check.
// RUN: %PYTHON %S/Inputs/timed.py 6 tuner-opt %s --tuner-tune="target=host trials=100000 time-budget=2 progress=off" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BUDGET
// BUDGET: remark: tuner-tune: the time budget is spent: no final validation, no drift check
// BUDGET: within 6 s
//
// A database that cannot grow (a full disk; here a file size limit) costs
// the records after it, not the tuned module: a warning, the output is
// written, the exit status is 2, and the database ends with whole lines.
// RUN: rm -f %t.full.db %t.full.mlir
// RUN: %PYTHON %S/Inputs/fsize_limit.py %t.full.db 1500 tuner-opt %s --tuner-tune="target=host trials=8 repeats=1 min-repeat-ms=0 database=%t.full.db cost-model=none progress=off" -o %t.full.mlir 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: FileCheck %s --check-prefix=OUT --input-file=%t.full.mlir
// RUN: %PYTHON -c "import json, sys; [json.loads(l) for l in open(sys.argv[1])]; print('whole lines')" %t.full.db | FileCheck %s --check-prefix=LINES
// FULL: warning: tuner-tune: cannot write database '{{.*}}': File too large; this and later records are not saved (the run goes on, the tuned module is written, and the exit status is 2)
// FULL: exit 2
// LINES: whole lines
func.func @mm(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
