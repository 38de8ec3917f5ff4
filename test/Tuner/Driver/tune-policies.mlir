// Every search policy through the driver, with the fake measurer (a known
// bowl over the knobs) and the cost model trained the way a real run trains
// it: each runs to its budget, measures nothing twice, and reports itself.
// REQUIRES: xgboost
// RUN: rm -rf %t && mkdir -p %t
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:2t measure=fake policy=evolutionary trials=48 seed=1 database=%t/evo.db report=%t/evo.json progress=off" | FileCheck %s
// RUN: %PYTHON %S/Inputs/check_db.py %t/evo.db --lines 48
// RUN: FileCheck %s --check-prefix=EVO --input-file=%t/evo.json
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:2t measure=fake policy=annealing trials=48 seed=1 database=%t/sa.db report=%t/sa.json progress=off" | FileCheck %s
// RUN: %PYTHON %S/Inputs/check_db.py %t/sa.db --lines 48
// RUN: FileCheck %s --check-prefix=SA --input-file=%t/sa.json
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:2t measure=fake policy=dgd trials=48 seed=1 database=%t/dgd.db report=%t/dgd.json progress=off" | FileCheck %s
// RUN: %PYTHON %S/Inputs/check_db.py %t/dgd.db --lines 48
// RUN: FileCheck %s --check-prefix=DGD --input-file=%t/dgd.json
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:2t measure=fake policy=droplet trials=48 seed=1 database=%t/drop.db report=%t/drop.json progress=off" | FileCheck %s
// RUN: %PYTHON %S/Inputs/check_db.py %t/drop.db --max-lines 48
// RUN: FileCheck %s --check-prefix=DROPLET --input-file=%t/drop.json
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:2t measure=fake policy=storm-raindrop policy-options=storm=24 trials=48 seed=1 database=%t/sr.db report=%t/sr.json progress=off" | FileCheck %s
// RUN: %PYTHON %S/Inputs/check_db.py %t/sr.db --lines 48
// RUN: FileCheck %s --check-prefix=STORM --input-file=%t/sr.json

// The cost model is saved beside the database, and a later run starts warm.
// RUN: %PYTHON -c "import json, sys; m = json.load(open(sys.argv[1])); assert (m['format'], m['model'], len(m['samples'])) == ('mlir-tuner-cost-model', 'xgboost', 48), (m['format'], m['model'], len(m['samples']))" %t/evo.db.model.json
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:2t measure=fake policy=evolutionary trials=16 seed=2 database=%t/evo2.db cost-model-file=%t/evo.db.model.json report=%t/warm.json progress=off" -o /dev/null
// RUN: FileCheck %s --check-prefix=WARM --input-file=%t/warm.json
// A random or no cost model works too.
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:2t measure=fake policy=evolutionary cost-model=random trials=24 report=%t/rnd.json progress=off" -o /dev/null
// RUN: FileCheck %s --check-prefix=RANDOM-MODEL --input-file=%t/rnd.json
// RUN: tuner-test-opt %s --tuner-tune="target=cpu:avx512:2t measure=fake policy=dgd cost-model=none trials=24 report=%t/none.json progress=off" -o /dev/null
// RUN: FileCheck %s --check-prefix=NO-MODEL --input-file=%t/none.json

// CHECK: linalg.matmul {sched.config = #sched.config<sketch = "cpu.{{[a-z_.]+}}", knobs = {{.*}}>, sched.task = #sched.task

// EVO: "cost_model": "xgboost",
// EVO: "cost_model_warm": false,
// EVO: "policy": "evolutionary",
// EVO: "trials": 48
// SA: "cost_model": "xgboost",
// SA: "policy": "annealing",
// SA: "trials": 48
// DGD: "cost_model": "xgboost",
// DGD: "policy": "dgd",
// DGD: "trials": 48
// Droplet needs no model, and stops at a local optimum of the bowl.
// DROPLET: "cost_model": "none",
// DROPLET: "policy": "droplet",
// STORM: "cost_model": "xgboost",
// STORM: "policy": "storm-raindrop",
// STORM: "trials": 48
// WARM: "cost_model_warm": true,
// RANDOM-MODEL: "cost_model": "random",
// RANDOM-MODEL: "trials": 24
// NO-MODEL: "cost_model": "none",
// NO-MODEL: "trials": 24
func.func @mm(%a: tensor<128x64xf32>, %b: tensor<64x256xf32>) -> tensor<128x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x256xf32>) -> tensor<128x256xf32>
  %r = linalg.matmul ins(%a, %b : tensor<128x64xf32>, tensor<64x256xf32>) outs(%f : tensor<128x256xf32>) -> tensor<128x256xf32>
  return %r : tensor<128x256xf32>
}
