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

// CHECK: "resumed": 6,
// CHECK: "trials": 10,
func.func @mm(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
