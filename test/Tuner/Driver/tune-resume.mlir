// resume: recorded candidates are not measured again and count against the
// budget; nothing recorded is lost.
// RUN: rm -f %t.db
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:1t measure=fake trials=6 seed=1 database=%t.db progress=off" -o /dev/null
// RUN: %PYTHON %S/Inputs/check_db.py %t.db --lines 6
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:1t measure=fake trials=10 seed=2 database=%t.db resume=true report=%t.json progress=off" -o /dev/null
// RUN: %PYTHON %S/Inputs/check_db.py %t.db --lines 10
// RUN: FileCheck %s --input-file=%t.json
// A budget already spent measures nothing.
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:1t measure=fake trials=8 database=%t.db resume=true progress=off" -o /dev/null
// RUN: %PYTHON %S/Inputs/check_db.py %t.db --lines 10
// Without resume, the database only grows (measurements may repeat).
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:1t measure=fake trials=3 seed=1 database=%t.db progress=off" -o /dev/null
// RUN: %PYTHON %S/Inputs/check_db.py %t.db --lines 13 --allow-repeats

// Resumed with the seed of the run that wrote the records, a random policy
// would first replay what is recorded; the run still reaches its budget
// with new candidates (it used to stop at the records, without a word).
// RUN: rm -f %t.seed.db
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:1t measure=fake policy=random trials=300 seed=1 database=%t.seed.db progress=off" -o /dev/null
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:1t measure=fake policy=random trials=600 seed=1 database=%t.seed.db resume=true progress=off" -o /dev/null
// RUN: %PYTHON %S/Inputs/check_db.py %t.seed.db --lines 600

// CHECK: "resumed": 6,
// CHECK: "trials": 10,
func.func @mm(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
