// A config that failed the result check in some run is never annotated by
// sched-apply-best, whatever its other records say, and never transferred
// to another shape. The records come from a fake-measured run on a
// 64x256x128 matmul; its best config then gets a WRONG_ANSWER record too.
// RUN: rm -f %t.db
// RUN: tuner-test-opt %S/Inputs/matmul_64x256x128.mlir --tuner-tune="target=cpu:avx512:2t measure=fake policy=random trials=8 seed=1 database=%t.db progress=off" -o /dev/null
// RUN: %PYTHON %S/Inputs/mark_wrong.py %t.db > %t.wrong
// RUN: tuner-opt %S/Inputs/matmul_64x256x128.mlir --sched-apply-best="database=%t.db target=cpu:avx512:2t" -o %t.own.mlir
// RUN: %PYTHON %S/Inputs/config_differs.py %t.wrong %t.own.mlir | FileCheck %s --check-prefix=OWN
// OWN: not the failed config
// Transfer skips it too: the nearest task's second best is taken.
// RUN: tuner-opt %s --sched-apply-best="database=%t.db target=cpu:avx512:2t transfer=true" 2>&1 | FileCheck %s --check-prefix=TRANSFER
// TRANSFER: remark: sched-apply-best: no record of its own; transferred the config of task 'matmul_64x256x128' (key {{[0-9a-f]+}}, shape distance 2.00, its config #2)

func.func @dst(%a: tensor<96x128xf32>, %b: tensor<128x192xf32>) -> tensor<96x192xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<96x192xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<96x192xf32>) -> tensor<96x192xf32>
  %m = linalg.matmul ins(%a, %b : tensor<96x128xf32>, tensor<128x192xf32>) outs(%f : tensor<96x192xf32>) -> tensor<96x192xf32>
  return %m : tensor<96x192xf32>
}
