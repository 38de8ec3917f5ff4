//===- Passes.td - the tuning driver pass ------------------*- tablegen -*-===//

#ifndef TUNER_TUNER_DRIVER_PASSES_TD
#define TUNER_TUNER_DRIVER_PASSES_TD

include "mlir/Pass/PassBase.td"

def TunerTune : Pass<"tuner-tune", "::mlir::ModuleOp"> {
  let summary = "Tune every task of the module by measuring candidates";
  let description = [{
    The tuning driver, in MetaSchedule's shape. Its options are checked once,
    before anything is opened or measured: a number out of range (e.g.
    `timeout=0`, `repeats=0`, `trials` above 1000000), an unknown name, or an
    output that cannot be written (`report=`, `database=`,
    `cost-model-file=`) is an error at the module's location.

    The setup extracts the tasks of the module (as `sched-extract-tasks`),
    builds each task's search space from the sketches that apply to it on
    the target, reads the records of earlier runs (`resume`) and of other
    models (`transfer-from`), and makes the measurer, the policies, the
    task scheduler and the cost models. Then, in rounds, the task scheduler
    picks a task, the task's policy proposes a batch of candidates, the
    measurer measures them, and measure callbacks handle the results (append
    every measurement to the database, train the cost model, print
    progress). The first candidate of each task is its default config (the
    baseline). When the budget (`trials`, `per-task-trials`, `time-budget`)
    is spent, every anchor op is annotated with the best `#sched.config`
    found for its task, so the module can go straight into
    `--sched-materialize --tuner-lower-cpu`:

    ```
    tuner-opt matmul_512.mlir \
      --tuner-tune="target=host trials=64 database=db.jsonl" \
      -o tuned.mlir
    ```

    Measurement (`measure=real`): each candidate is built (the sketch
    applied, lowered, compiled to an object file) in one of `builders`
    worker processes, each with its own MLIRContext, an address-space limit
    (`memory-limit`) and a deadline (`timeout`); the object is then run by a
    single runner process on seeded random inputs: warm-up, then `repeats`
    repeats of at least `min-repeat-ms` each, every timing kept, within
    `timeout` seconds. The outputs of the first valid candidate of a task
    and of every new best are compared with the task's reference (the
    untransformed task, lowered as is; for a CUDA target, the task on the
    CPU under the host's default schedule where one applies, since the naive
    loops of a large matmul take minutes); a wrong result is an error
    (`WRONG_ANSWER`), never a winner. The reference is built, and run once
    to compute the expected outputs, in jobs of their own limited by
    `reference-timeout` (default 150 s): a candidate never gets more than
    `timeout`, even the first one. A worker that crashes or hangs costs its
    candidate, which is recorded with an error code; the worker is replaced.
    Workers are this executable started with `--tuner-worker=...`
    (`worker=` names another one).

    The search policy (`policy`, default `evolutionary`: Ansor's
    evolutionary search; also `random`, `annealing`, `dgd`, `droplet` and
    `storm-raindrop`, each with `policy-options`, docs/Search.md) proposes
    the candidates; a proposal that brings nothing new is asked for again,
    then filled with unmeasured candidates drawn afresh, and a task whose
    policy has nothing left gets a remark saying why (its space exhausted,
    or how much is left). Policies that rank candidates before measuring
    them ask the cost model (`cost-model`, default `auto`: XGBoost with a
    pairwise ranking objective on features of each candidate's scheduled
    IR, computed by the builder processes; docs/CostModel.md), which is
    trained after every measured batch and saved to `cost-model-file`
    (default: the database path + `.model.json`), so that a later run starts
    warm. The tasks share the budget in rounds, one batch of one task each;
    the task scheduler (`task-scheduler`: `round-robin`, the default, or
    `gradient`, Ansor's gradient scheduler over the end-to-end latency
    estimate, docs/Tuning.md) picks the task of each round.

    The database (`database=FILE`) gets one JSON line per measurement,
    flushed as it is measured; `resume` continues from it: recorded
    candidates are not measured again and count against the budgets.

    With `drift-check` (the default), each task's default config is
    measured again after the search: a drift of more than 10% (and of more
    than 10 us) is reported
    (the machine was busy), and the faster of the two measurements is the
    one the summary compares against, so that a slow first measurement does
    not inflate the speedups.

    Final validation (`final-validation=N`, default 3; 0 turns it off):
    after the search, the N best distinct candidates of each task and its
    default config are re-timed together, interleaved (A B C D A B C D
    ...) over `final-validation-rounds` rounds of `repeats` repeats, each
    checked against the reference again; the fastest re-timed one is the
    config written, so a config that re-times slower than the default is
    never written. The re-timings are not trials (not in the database).

    Live progress goes to stderr when it is a terminal (`progress=on` forces
    it, `progress=off` also drops the summary table); `report=FILE` writes
    the summary as JSON, with the search's and the re-timed figures.
  }];
  let options = [
    Option<"prepare", "prepare", "bool", /*default=*/"true",
           "Run tuner-prepare first (decompose, channels last, fold "
           "constants, fuse), so that the tasks are the prepared program's">,
    Option<"target", "target", "std::string", /*default=*/"\"host\"",
           "host, cpu[:sse|avx2|avx512][:<N>t][:l1=<bytes>][:l2=<bytes>]"
           "[:l3=<bytes>][:+feature|-feature], cuda:sm_XY[a][:tf32], or a "
           "#sched.target attribute">,
    Option<"precision", "precision", "std::string", /*default=*/"\"\"",
           "tf32: f32 matmuls may run on tensor cores with their inputs "
           "rounded to tf32, checked with tf32's tolerance (CUDA targets; "
           "the same as target=cuda:<chip>:tf32); f32 or empty: as written">,
    Option<"policy", "policy", "std::string", /*default=*/"\"evolutionary\"",
           "Search policy">,
    ListOption<"policyOptions", "policy-options", "std::string",
               "Options of the policy, name=value">,
    Option<"costModel", "cost-model", "std::string", /*default=*/"\"auto\"",
           "xgboost, random, none, or auto (xgboost when libxgboost loads, "
           "else random)">,
    ListOption<"costModelOptions", "cost-model-options", "std::string",
               "Options of the cost model, name=value">,
    Option<"costModelFile", "cost-model-file", "std::string",
           /*default=*/"\"\"",
           "Load the cost model from this file when it exists, save it there "
           "after every update (default: the database path + .model.json)">,
    Option<"taskScheduler", "task-scheduler", "std::string",
           /*default=*/"\"round-robin\"",
           "Which task gets the next round: round-robin, or gradient "
           "(Ansor's gradient scheduler)">,
    ListOption<"taskSchedulerOptions", "task-scheduler-options",
               "std::string",
               "Options of the task scheduler, name=value (gradient: alpha, "
               "beta, window, eps-greedy, warmup-rounds)">,
    Option<"families", "families", "std::string", /*default=*/"\"none\"",
           "Tasks sharing a cost model: none (one model for all tasks), op "
           "(one per anchor op), key (one per task)">,
    Option<"trials", "trials", "unsigned", /*default=*/"64",
           "Measurements in total over all tasks (1 to 1000000)">,
    Option<"timeBudget", "time-budget", "double", /*default=*/"0",
           "Wall-clock budget in seconds (0: none)">,
    Option<"perTaskTrials", "per-task-trials", "unsigned", /*default=*/"0",
           "Measurements per task (0: no limit)">,
    Option<"batchSize", "batch-size", "unsigned", /*default=*/"16",
           "Candidates measured per round of a task (1 to 4096)">,
    Option<"seed", "seed", "uint64_t", /*default=*/"0",
           "Seed of the policies and of the kernels' inputs">,
    Option<"database", "database", "std::string", /*default=*/"\"\"",
           "Database file (JSON lines) to append every measurement to">,
    Option<"resume", "resume", "bool", /*default=*/"false",
           "Continue from the database's records">,
    Option<"transferFrom", "transfer-from", "std::string", /*default=*/"\"\"",
           "A database of other models or shapes: each task without records "
           "of its own measures the best adaptations of its most similar "
           "recorded tasks' configs first (transfer-tuning)">,
    Option<"defaultNeighbours", "default-neighbours", "bool",
           /*default=*/"true",
           "Measure, right after each task's default config, the configs "
           "that differ from it in one categorical knob of at most 4 options "
           "(packing, lowering strategy), and the sketches' suggested "
           "alternatives (gpu.contraction_mma's tile shapes): the defaults' "
           "choices are guesses about the machine">,
    Option<"transferSeeds", "transfer-seeds", "unsigned", /*default=*/"4",
           "Adapted configs measured first per task with transfer-from">,
    Option<"builders", "builders", "unsigned", /*default=*/"0",
           "Parallel builder processes (0: one per hardware thread; at most "
           "1024)">,
    Option<"repeats", "repeats", "unsigned", /*default=*/"3",
           "Timed repeats per candidate">,
    Option<"minRepeatMs", "min-repeat-ms", "double", /*default=*/"20",
           "Each repeat averages enough calls to last this long">,
    Option<"timeout", "timeout", "double", /*default=*/"15",
           "Seconds allowed to build, and to run, one candidate (in (0, "
           "86400])">,
    Option<"referenceTimeout", "reference-timeout", "double",
           /*default=*/"150",
           "Seconds allowed to build a task's reference, and to run it once "
           "to compute the expected outputs (a job of its own: a candidate "
           "never gets more than `timeout`)">,
    Option<"verify", "verify", "bool", /*default=*/"true",
           "Check outputs against the reference (first valid candidate and "
           "each new best)">,
    Option<"verifyAll", "verify-all", "bool", /*default=*/"false",
           "Check every candidate's outputs, not only the first valid one "
           "and each new best">,
    Option<"progress", "progress", "std::string", /*default=*/"\"auto\"",
           "auto, on or off">,
    Option<"report", "report", "std::string", /*default=*/"\"\"",
           "Write the summary as JSON to this file">,
    Option<"measure", "measure", "std::string", /*default=*/"\"real\"",
           "How candidates are measured: real (built and run in worker "
           "processes)">,
    Option<"workers", "workers", "std::string", /*default=*/"\"local\"",
           "Where candidates are measured: local (worker processes of this "
           "process) or mpi (under mpirun: rank 0 searches, every other rank "
           "builds and runs candidates on its host; docs/Distributed.md)">,
    Option<"worker", "worker", "std::string", /*default=*/"\"\"",
           "Executable of the worker processes (default: this one)">,
    ListOption<"sketches", "sketches", "std::string",
               "Only these sketches, for the ops one of them applies to "
               "(default, and for the other ops: all that apply)">,
    Option<"driftCheck", "drift-check", "bool", /*default=*/"true",
           "Measure each task's default again at the end; warn on a drift">,
    Option<"memoryLimit", "memory-limit", "uint64_t", /*default=*/"8192",
           "Address-space limit of each worker in MiB (0: none; else at "
           "least 512; not the runner of a CUDA target, whose driver "
           "reserves more address space than any limit)">,
    Option<"finalValidation", "final-validation", "unsigned",
           /*default=*/"3",
           "Re-time this many best candidates of each task and its default, "
           "interleaved, and annotate the fastest (0: off)">,
    Option<"finalValidationRounds", "final-validation-rounds", "unsigned",
           /*default=*/"5",
           "Interleaved rounds of the final validation (each `repeats` "
           "repeats per candidate)">,
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::bufferization::BufferizationDialect",
                           "::mlir::sched::SchedDialect"];
}

#endif // TUNER_TUNER_DRIVER_PASSES_TD
