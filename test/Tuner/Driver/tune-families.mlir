// families=: which tasks share a cost model (fake measurer, random model).
// RUN: rm -rf %t && mkdir -p %t
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:2t measure=fake policy=evolutionary cost-model=random trials=12 batch-size=2 database=%t/none.db report=%t/none.json progress=off" -o /dev/null
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:2t measure=fake policy=evolutionary cost-model=random trials=12 batch-size=2 families=op database=%t/op.db report=%t/op.json progress=off" -o /dev/null
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:2t measure=fake policy=evolutionary cost-model=random trials=12 batch-size=2 families=key database=%t/key.db report=%t/key.json progress=off" -o /dev/null
// RUN: ls %t | FileCheck %s --check-prefix=FILES
// RUN: FileCheck %s --check-prefix=NONE --input-file=%t/none.json
// RUN: FileCheck %s --check-prefix=OP --input-file=%t/op.json
// RUN: FileCheck %s --check-prefix=KEY --input-file=%t/key.json

// One model file per family: the two matmul tasks are one family by op and
// two by key; without families the run's one model file.
// FILES:      key.db
// FILES-NEXT: key.db.model.{{[0-9a-f]+}}.json
// FILES-NEXT: key.db.model.{{[0-9a-f]+}}.json
// FILES-NEXT: key.json
// FILES-NEXT: none.db
// FILES-NEXT: none.db.model.json
// FILES-NEXT: none.json
// FILES-NEXT: op.db
// FILES-NEXT: op.db.model.linalg.matmul.json
// FILES-NEXT: op.json

// NONE: "cost_model_families": 1,
// OP: "cost_model_families": 1,
// KEY: "cost_model_families": 2,

// RUN: not tuner-test-opt %s --tuner-tune="measure=fake families=layer" 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: tuner-tune: unknown families 'layer': expected 'none', 'op' or 'key'
func.func @model(%x: tensor<32x64xf32>, %w: tensor<64x64xf32>, %v: tensor<64x16xf32>) -> tensor<32x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x64xf32>) -> tensor<32x64xf32>
  %h = linalg.matmul ins(%x, %w : tensor<32x64xf32>, tensor<64x64xf32>) outs(%f : tensor<32x64xf32>) -> tensor<32x64xf32>
  %e2 = tensor.empty() : tensor<32x16xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<32x16xf32>) -> tensor<32x16xf32>
  %y = linalg.matmul ins(%h, %v : tensor<32x64xf32>, tensor<64x16xf32>) outs(%f2 : tensor<32x16xf32>) -> tensor<32x16xf32>
  return %y : tensor<32x16xf32>
}
