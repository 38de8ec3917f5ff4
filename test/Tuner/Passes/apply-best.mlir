// sched-apply-best annotates from a database without measuring: the best
// valid record of each task on the target.
// RUN: rm -f %t.db
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:2t measure=fake trials=12 database=%t.db report=%t.json progress=off" -o %t.tuned.mlir
// RUN: tuner-opt %s --sched-apply-best="database=%t.db target=cpu:avx512:2t" -o %t.applied.mlir
// The configs are those the tuner chose.
// RUN: grep -o "sched.config = #sched.config<[^>]*>" %t.tuned.mlir > %t.tuned.txt
// RUN: grep -o "sched.config = #sched.config<[^>]*>" %t.applied.mlir > %t.applied.txt
// RUN: diff %t.tuned.txt %t.applied.txt
// RUN: FileCheck %s --input-file=%t.applied.mlir
// Another target has no records.
// RUN: tuner-opt %s --sched-apply-best="database=%t.db target=cpu:avx2:2t" 2>&1 | FileCheck %s --check-prefix=OTHER
// RUN: not tuner-opt %s --sched-apply-best 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not tuner-opt %s --sched-apply-best=database=%t.nonexistent.db 2>&1 | FileCheck %s --check-prefix=NONEXISTENT

// CHECK: module attributes {sched.target = #sched.target<kind = cpu, arch = "x86-64-v4", cores = 2, vector_bits = 512, features = "avx2,avx512bw,avx512f,avx512vl,fma">}
// CHECK-COUNT-2: linalg.matmul {sched.config = #sched.config<
// OTHER: warning: sched-apply-best: no valid record for task 'matmul_32x32x32' (key {{[0-9a-f]+}}) on this target
// MISSING: error: sched-apply-best needs a database (database=FILE)
// NONEXISTENT: error: database '{{.*}}.nonexistent.db' does not exist
func.func @mm(%a: tensor<32x32xf32>, %b: tensor<32x32xf32>, %c: tensor<32x32xf32>, %d: tensor<32x16xf32>, %e: tensor<32x16xf32>) -> (tensor<32x32xf32>, tensor<32x16xf32>) {
  %0 = linalg.matmul ins(%a, %b : tensor<32x32xf32>, tensor<32x32xf32>) outs(%c : tensor<32x32xf32>) -> tensor<32x32xf32>
  %1 = linalg.matmul ins(%a, %d : tensor<32x32xf32>, tensor<32x16xf32>) outs(%e : tensor<32x16xf32>) -> tensor<32x16xf32>
  return %0, %1 : tensor<32x32xf32>, tensor<32x16xf32>
}
