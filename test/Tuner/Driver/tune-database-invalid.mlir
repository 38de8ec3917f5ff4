// tuner-tune and sched-apply-best refuse a database that is not a regular
// file (a device reads without end, a FIFO blocks, a directory is no file),
// and read a database a hostile user wrote to without crashing: resume and
// transfer-from skip each bad line with a warning, and the records appended
// after a truncated last line start on a line of their own.
// RUN: rm -rf %t.fifo %t.dir && mkfifo %t.fifo && mkdir %t.dir
// RUN: not tuner-test-opt %s --tuner-tune="measure=fake database=/dev/zero" 2>&1 | FileCheck %s --check-prefix=DEVICE
// RUN: not tuner-opt %s --sched-apply-best="database=/dev/zero" 2>&1 | FileCheck %s --check-prefix=DEVICE-APPLY
// RUN: not tuner-test-opt %s --tuner-tune="measure=fake database=%t.fifo" 2>&1 | FileCheck %s --check-prefix=FIFO
// RUN: not tuner-opt %s --sched-apply-best="database=%t.fifo" 2>&1 | FileCheck %s --check-prefix=FIFO-APPLY
// RUN: not tuner-test-opt %s --tuner-tune="measure=fake transfer-from=%t.fifo" 2>&1 | FileCheck %s --check-prefix=FIFO-TRANSFER
// RUN: not tuner-test-opt %s --tuner-tune="measure=fake database=%t.dir" 2>&1 | FileCheck %s --check-prefix=DIR

// DEVICE: error: tuner-tune: database '/dev/zero' is not a regular file (a character device)
// DEVICE-APPLY: error: database '/dev/zero' is not a regular file (a character device)
// FIFO: error: tuner-tune: database '{{.*}}.fifo' is not a regular file (a FIFO)
// FIFO-APPLY: error: database '{{.*}}.fifo' is not a regular file (a FIFO)
// FIFO-TRANSFER: error: tuner-tune: transfer-from: database '{{.*}}.fifo' is not a regular file (a FIFO)
// DIR: error: tuner-tune: database '{{.*}}.dir' is not a regular file (a directory)

// Resume over a hostile database: 14 lines skipped (hostile_db.py's two
// records that only the sketches reject are not measured again, nor used),
// then 4 new records; reading it again skips the same 14 lines, no more.
// RUN: rm -f %t.db
// RUN: tuner-test-opt %S/Inputs/matmul_32x32x32.mlir --tuner-tune="target=cpu:avx512:2t measure=fake policy=random trials=4 seed=1 database=%t.db progress=off" -o /dev/null
// RUN: %PYTHON %S/Inputs/hostile_db.py %t.db
// RUN: tuner-test-opt %S/Inputs/matmul_32x32x32.mlir --tuner-tune="target=cpu:avx512:2t measure=fake policy=random trials=8 seed=2 database=%t.db resume=true progress=off" -o /dev/null 2>&1 | FileCheck %s --check-prefix=RESUME
// RUN: tuner-opt %S/Inputs/matmul_32x32x32.mlir --sched-apply-best="database=%t.db target=cpu:avx512:2t" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REREAD
// RUN: tail -n 4 %t.db | %PYTHON %S/Inputs/check_db.py /dev/stdin --lines 4
// The same file as transfer-from: no crash, the same warnings.
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:2t measure=fake policy=random trials=2 transfer-from=%t.db progress=off" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRANSFER

// RESUME-COUNT-14: warning: database '{{.*}}.db', line {{[0-9]+}}: {{.*}}; the line is skipped
// RESUME-NOT: warning: database
// REREAD-COUNT-14: warning: database '{{.*}}.db', line {{[0-9]+}}: {{.*}}; the line is skipped
// REREAD-NOT: warning: database
// TRANSFER-COUNT-14: warning: database '{{.*}}.db', line {{[0-9]+}}: {{.*}}; the line is skipped
// TRANSFER-NOT: warning: database
func.func @mm(%a: tensor<16x32xf32>, %b: tensor<32x32xf32>, %c: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<16x32xf32>, tensor<32x32xf32>) outs(%c : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}
