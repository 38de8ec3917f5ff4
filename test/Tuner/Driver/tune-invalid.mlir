// RUN: not tuner-test-opt %s --tuner-tune="policy=magic measure=fake" 2>&1 | FileCheck %s --check-prefix=POLICY
// RUN: not tuner-test-opt %s --tuner-tune="target=tpu measure=fake" 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not tuner-test-opt %s --tuner-tune="trials=0 measure=fake" 2>&1 | FileCheck %s --check-prefix=TRIALS
// RUN: not tuner-opt %s --tuner-tune="measure=maybe" 2>&1 | FileCheck %s --check-prefix=MEASURE
// RUN: not tuner-test-opt %s --tuner-tune="measure=fake database=%t.missing/db.jsonl" 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
// RUN: not tuner-test-opt %s --tuner-tune="measure=fake resume=true" 2>&1 | FileCheck %s --check-prefix=RESUME
// RUN: not tuner-test-opt %s --tuner-tune="measure=fake sketches=cpu.magic" 2>&1 | FileCheck %s --check-prefix=SKETCH
// RUN: not tuner-test-opt %s --tuner-tune="measure=fake progress=loud" 2>&1 | FileCheck %s --check-prefix=PROGRESS
// RUN: not tuner-opt %s --tuner-tune="measure=real worker=/nonexistent/tuner-opt" 2>&1 | FileCheck %s --check-prefix=WORKER
// RUN: not tuner-test-opt %s --tuner-tune="measure=fake policy=evolutionary policy-options=population=0,eps-greedy=2" 2>&1 | FileCheck %s --check-prefix=POPULATION
// RUN: not tuner-test-opt %s --tuner-tune="measure=fake policy=droplet policy-options=radius=3" 2>&1 | FileCheck %s --check-prefix=UNKNOWN-OPTION
// RUN: not tuner-test-opt %s --tuner-tune="measure=fake policy=storm-raindrop policy-options=storm=-1" 2>&1 | FileCheck %s --check-prefix=STORM
// RUN: not tuner-test-opt %s --tuner-tune="measure=fake cost-model=oracle" 2>&1 | FileCheck %s --check-prefix=MODEL
// RUN: not tuner-test-opt %s --tuner-tune="measure=fake policy=evolutionary cost-model=random cost-model-options=rounds=3" 2>&1 | FileCheck %s --check-prefix=MODEL-OPTION
// A CPU target whose ISA this host lacks is refused before any work (its
// candidates would be compiled for an ISA that cannot run here).
// (A target option refuses an unknown feature; an attribute is taken as
// it is.)
// RUN: not tuner-opt %s --tuner-tune='target={#sched.target<kind = cpu, arch = "x86-64-v3", cores = 2, vector_bits = 256, features = "avx2,fma,no-such-isa">} trials=1' 2>&1 | FileCheck %s --check-prefix=ISA
// A database of another format version is refused; corrupt lines are
// skipped with a warning.
// RUN: echo '{"version": 7, "task": "ab", "target": "t", "sketch": "s", "knobs": {}, "times_s": [], "error": 0}' > %t.v7.db
// RUN: not tuner-test-opt %s --tuner-tune="measure=fake database=%t.v7.db" 2>&1 | FileCheck %s --check-prefix=VERSION
// RUN: echo 'garbage' > %t.corrupt.db
// RUN: tuner-test-opt %s --tuner-tune="measure=fake trials=2 database=%t.corrupt.db progress=off" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CORRUPT

// ISA: error: tuner-tune: target cpu:x86-64-v3 asks for no-such-isa; this host ({{.*}}) lacks it
// POLICY: error: tuner-tune: unknown policy 'magic'; available: annealing dgd droplet evolutionary random storm-raindrop
// POPULATION: error: tuner-tune: policy 'evolutionary': 'population' must be an integer in [1, 1048576] (got '0'); 'eps-greedy' must be a number in [0, 1] (got '2')
// UNKNOWN-OPTION: error: tuner-tune: policy 'droplet': unknown option 'radius'; known: max-subset, pvalue
// STORM: error: tuner-tune: policy 'storm-raindrop': 'storm' must be a number in [0, 1000000000] (got '-1') (or an option of the evolutionary or droplet policy)
// MODEL: error: tuner-tune: unknown cost model 'oracle'; available: auto none random xgboost
// MODEL-OPTION: error: tuner-tune: cost model 'random' has no options
// TARGET: error: unknown target 'tpu'
// TRIALS: error: tuner-tune: trials must be at least 1
// MEASURE: error: tuner-tune: unknown measure 'maybe'; available: real
// UNWRITABLE: error: tuner-tune: cannot open database '{{.*}}.missing/db.jsonl' for writing: No such file or directory
// RESUME: error: tuner-tune: resume needs a database
// SKETCH: error: tuner-tune: unknown sketch 'cpu.magic'
// PROGRESS: error: tuner-tune: unknown progress 'loud': expected 'auto', 'on' or 'off'
// WORKER: error: tuner-tune: worker executable '/nonexistent/tuner-opt' does not exist or is not executable
// VERSION: error: tuner-tune: database '{{.*}}.v7.db' was written in format version 7; this tuner reads version 1
// CORRUPT: warning: database '{{.*}}.corrupt.db', line 1: not valid JSON ({{.*}}); the line is skipped
func.func @mm(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}
