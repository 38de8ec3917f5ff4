//===- Passes.td - the tuner-backed sched-* passes ---------*- tablegen -*-===//
//
// Passes that read and write the schedule annotations of the sched dialect
// with the tuner's libraries: task extraction, sketches, the records. They
// live above the tuner libraries so that the sched dialect (and its own
// passes) links none of them.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_PASSES_PASSES_TD
#define TUNER_TUNER_PASSES_PASSES_TD

include "mlir/Pass/PassBase.td"

def SchedExtractTasks : Pass<"sched-extract-tasks", "::mlir::ModuleOp"> {
  let summary = "Annotate anchor ops with #sched.task and list the tasks";
  let description = [{
    Finds the anchor ops of the module: `linalg` ops on tensors with at least
    one reduction iterator (contractions, convolutions, reductions). Each one,
    together with the elementwise ops a schedule fuses with it (the fill that
    produces its accumulator, the chain of elementwise consumers such as bias
    and activation), forms a fused group. Every other `linalg` op (an
    elementwise op, a transpose, a broadcast, a fill no anchor took) forms a
    group of its own, so that no op is left unscheduled (`all-ops=false`
    keeps to the anchors). Groups with the same structure, shapes and element
    types have the same workload key and form one task; the task's weight is
    the number of such groups in the module.

    Every anchor op gets a `sched.task` attribute (replacing an earlier one):

    ```mlir
    // Before:
    %1 = linalg.matmul ins(%a, %b : tensor<64x256xf32>, tensor<256x512xf32>)
                       outs(%0 : tensor<64x512xf32>) -> tensor<64x512xf32>
    // After:
    %1 = linalg.matmul {sched.task = #sched.task<key = "95b7d4bc41f8e0a1",
                                                  weight = 1, flops = 16777216>}
                       ins(%a, %b : tensor<64x256xf32>, tensor<256x512xf32>)
                       outs(%0 : tensor<64x512xf32>) -> tensor<64x512xf32>
    ```

    With `task-list=FILE` the task list is also written as JSON (`-` for
    stdout): key, readable name, weight, FLOPs, anchor op, loop ranges,
    iterator types, operand shapes and element types, fused ops, the function
    and location of every occurrence, and the anchor's class (`contraction`,
    `convolution`, `reduction`, `elementwise`, `transpose`: what it computes,
    read from its loops, maps and body, whatever its name).

    Anchor ops with dynamic shapes or buffer semantics, and aggregate ops that
    must be decomposed first (`linalg.softmax`), get a warning and are left
    alone. docs/TaskExtraction.md gives the rules and exactly what goes into a
    workload key.
  }];
  let options =
      [Option<"prepare", "prepare", "bool", /*default=*/"true",
              "Run tuner-prepare first (decompose, channels last, fold "
              "constants, fuse), so that the tasks are the prepared program's">,
       Option<"taskList", "task-list", "std::string", /*default=*/"\"\"",
              "Write the task list as JSON to this file ('-' for stdout)">,
       Option<"fuseProducers", "fuse-producers", "bool", /*default=*/"true",
              "Fuse the producer of an anchor's accumulator (a fill) into its "
              "task">,
       Option<"fuseConsumers", "fuse-consumers", "bool", /*default=*/"true",
              "Fuse chains of elementwise consumers into the anchor's task">,
       Option<
           "allOps", "all-ops", "bool", /*default=*/"true",
           "Make every linalg op outside an anchor's group a task of its own "
           "(elementwise ops, transposes, fills)">,
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::bufferization::BufferizationDialect",
                           "::mlir::sched::SchedDialect"];
}

def SchedGenerateSpace : Pass<"sched-generate-space", "::mlir::ModuleOp"> {
  let summary = "Emit each task's search space as transform IR";
  let description = [{
    Extracts the tasks of the module (as `sched-extract-tasks` does) and, for
    every sketch that applies to a task on the target, emits the sketch's
    transform script: a `transform.named_sequence` whose numeric choices are
    `transform.tune.knob` ops listing their legal options, and whose
    categorical choices are `transform.tune.alternatives` regions. The
    sequences are collected in a nested module `@sched_space`; each carries
    the task (`sched.task`), the sketch name (`tuner.sketch`) and the sketch's
    default configuration (`tuner.default`).

    ```mlir
    module @sched_space attributes {transform.with_named_sequence} {
      transform.named_sequence @matmul_512x512x512__cpu_contraction(
          %scope: !transform.any_op {transform.readonly},
          %anchor: !transform.any_op {transform.consumed})
          attributes {sched.task = #sched.task<...>,
                      tuner.sketch = "cpu.contraction", tuner.default = ...} {
        %m1 = transform.tune.knob<"m1"> options = [1, 2, 4, ...] -> !transform.param<i64>
        ...
      }
    }
    ```

    Anchor ops no sketch applies to get a warning.
  }];
  let options =
      [Option<"prepare", "prepare", "bool", /*default=*/"true",
              "Run tuner-prepare first (decompose, channels last, fold "
              "constants, fuse), so that the tasks are the prepared program's">,
       Option<"target", "target", "std::string", /*default=*/"\"\"",
              "Target (host, cpu[:sse|avx2|avx512][:<N>t][:l1=<bytes>]"
              "[:l2=<bytes>][:l3=<bytes>][:+feature|-feature], cuda:sm_XY, or "
              "#sched.target<...>); default: the module's sched.target, else "
              "the host">,
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::bufferization::BufferizationDialect",
                           "::mlir::sched::SchedDialect",
                           "::mlir::transform::TransformDialect",
  ];
}

def SchedMaterialize : Pass<"sched-materialize", "::mlir::ModuleOp"> {
  let summary = "Apply every #sched.config through the transform interpreter";
  let description = [{
    For every op carrying a `#sched.config`, in program order: rebuilds the
    op's fused group (the fill producing its accumulator, its elementwise
    consumers), instantiates the named sketch for the target, checks that
    every knob of the sketch has a value among its options and that the
    sketch's constraints hold, selects the knobs of the sketch's transform
    script and applies it with the transform interpreter.

    The scripts run on a copy of the function, all of a function's configs
    on one copy, which replaces the function's body if every script applied
    and the result verifies (the time is linear in the function's size: a
    model of thousands of ops takes seconds). Where one fails, the configs
    are applied one at a time, each on its own copy, so that the function
    changes only by the scripts that succeeded and the failure is reported.
    A config naming an unknown sketch or knob, a
    value outside a knob's options, a broken constraint, or a script that
    fails to apply is an error on the op, which is left unscheduled; the
    pass then fails after trying the other ops (with `allow-failures`, such
    errors are warnings and the pass succeeds).

    The result is linalg/scf/vector IR on tensors, ready for
    `tuner-lower-cpu`.
  }];
  let options =
      [Option<"target", "target", "std::string", /*default=*/"\"\"",
              "Target the configs are for; default: the module's sched.target, "
              "else the host">,
       Option<"allowFailures", "allow-failures", "bool", /*default=*/"false",
              "Report configs that cannot be applied as warnings and go on">,
       Option<"reportUnscheduled", "report-unscheduled", "bool",
              /*default=*/"false",
              "After materializing, report (a remark per function) the linalg "
              "ops left for tuner-lower-cpu to turn into scalar loops: ops no "
              "schedule vectorized (0 is the goal)">,
  ];
  let dependentDialects = ["::mlir::sched::SchedDialect",
                           "::mlir::transform::TransformDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::affine::AffineDialect",
  ];
}

def SchedExportTransform : Pass<"sched-export-transform", "::mlir::ModuleOp"> {
  let summary = "Write the module's schedules as an upstream transform library";
  let description = [{
    Writes the `#sched.config` schedules of the module as one transform
    library in upstream ops only, which upstream `mlir-opt` (and any
    compiler with the transform interpreter) replays on the prepared module
    without mlir-tuner: the module itself is left unchanged.

    For each op with a `#sched.config`, in the order `sched-materialize`
    applies them, the library has
    - `@match_<i>`, a matcher built from upstream `transform.match.*` ops:
      the op name, the op directly in a `func.func`, the rank, every loop's
      range and kind, the numbers of inputs and inits, each operand's
      element bitwidth and whether its indexing map is a (projected)
      permutation, and the producer of the accumulator and the single
      consumer where the sketch fuses them; no `sched.*` attribute is
      needed. The pass applies the schedules to a copy of the module as
      `sched-materialize` does and checks each matcher on the module as it
      is at that point: where a matcher finds several ops (two identical
      matmuls feeding one SwiGLU), the entry point picks the right one;
    - `@apply_<i>`, the sketch's script with the knob selection that
      `sched-materialize` applies (`buildSelectedScript`), rewritten into
      upstream ops: `tune.alternatives` become the selected region,
      `tune.knob` a `transform.param.constant`, `transform.sched.exact_divide`
      and `transform.sched.next_power_of_two` fold into constants,
      `transform.sched.peel_partial` becomes `@peel_partial` (upstream
      `transform.loop.peel` on each loop, in a `failures(suppress)`
      sequence: upstream fails on a loop that has no partial iteration).
      `transform.sched.fold_fill_into_pad` and
      `transform.sched.vectorize_pad_rows` (the packing of
      `cpu.contraction_padded`) have no upstream equivalent and are dropped,
      with a warning: the replayed IR computes the same values, with the
      padded tiles filled and copied by bufferization instead of vectors.
      Other mlir-tuner transform ops (the GPU kernel rewrites
      `transform.sched.tensor_core_matmul`, `transform.sched.simt_matmul`,
      and `transform.sched.vectorize_static`) cannot be exported: an error
      on the op;
    - `@__transform_main`, the interpreter's entry point: for each schedule,
      `transform.collect_matching` of its matcher, `transform.split_handle`
      to the op (which fails on a module where the matcher finds another
      number of ops), the script on it with its function as the scope (as
      in `sched-materialize`), then `transform.apply_dce` on the function
      (the originals `sched-materialize` removes).

    A comment at the top of the file lists each schedule's op, config and
    the changes made to it. The library is for the module as annotated,
    without its `sched.*` attributes: `tuner-prepare`'s output for the
    model where the annotating pass prepared it for the same target
    (tuner-prepare is not idempotent: do not prepare twice), in general
    `sched-strip`'s output of the annotated module.

    ```
    tuner-opt model.mlir --tuner-prepare -o prepared.mlir
    tuner-opt model.mlir --sched-apply-default="target=cpu:avx2" \
        --sched-export-transform="output=schedules.mlir" -o /dev/null
    mlir-opt prepared.mlir \
        --transform-preload-library="transform-library-paths=schedules.mlir" \
        --transform-interpreter | tuner-opt --tuner-lower-cpu
    ```
  }];
  let options =
      [Option<"output", "output", "std::string", /*default=*/"\"-\"",
              "File to write the library to; '-' (the default) is stdout">,
       Option<"target", "target", "std::string", /*default=*/"\"\"",
              "Target the configs are for; default: the module's sched.target, "
              "else the host">,
  ];
  let dependentDialects = ["::mlir::transform::TransformDialect"];
}

def SchedApplyDefault : Pass<"sched-apply-default", "::mlir::ModuleOp"> {
  let summary = "Annotate every anchor op with its sketch's default config";
  let description = [{
    Extracts the tasks of the module and gives each anchor op that has no
    `#sched.config` yet the default configuration of the first sketch that
    applies to it on the target (sketches in preference order: specialized
    contraction and convolution sketches first, `cpu.fallback` last). The
    defaults are heuristics from the target's vector width, caches and cores;
    no measurement is involved. The module gets the target as `sched.target`.

    ```mlir
    // After --sched-apply-default="target=host":
    linalg.matmul {sched.config = #sched.config<sketch = "cpu.contraction",
        knobs = {contract = "outerproduct", k1 = 256, k2 = 1, m1 = 64, m2 = 8,
                 ms = 64, n1 = 256, n2 = 32, ns = 256, unroll = 1}>, ...}
    ```

    `--sched-apply-default --sched-materialize --tuner-lower-cpu` compiles an
    untuned program with reasonable schedules.
  }];
  let options =
      [Option<"prepare", "prepare", "bool", /*default=*/"true",
              "Run tuner-prepare first (decompose, channels last, fold "
              "constants, fuse), so that the tasks are the prepared program's">,
       Option<"target", "target", "std::string", /*default=*/"\"\"",
              "Target; default: the module's sched.target, else the host">,
       Option<"override", "override", "bool", /*default=*/"false",
              "Replace configs the ops already have">,
       ListOption<"sketches", "sketches", "std::string",
                  "Sketches to prefer, first listed first, where they apply "
                  "(e.g. sketches=gpu.reduction); the others keep the "
                  "registry's order">,
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::bufferization::BufferizationDialect",
                           "::mlir::sched::SchedDialect"];
}

def SchedApplyBest : Pass<"sched-apply-best", "::mlir::ModuleOp"> {
  let summary = "Annotate anchor ops with the best configs of a database";
  let description = [{
    Reads a tuning database (the JSON lines written by `tuner-tune`) and,
    without measuring anything, gives every anchor op the config of the best
    record of its task on the target: the lowest median time among the
    valid records with the same workload key and the same `#sched.target`.
    A record whose config no longer fits the task's space (another version
    of a sketch) is skipped with a warning; a task without records keeps what
    it had, with a warning. The module gets the target as `sched.target`.

    With `transfer=true`, a task without records of its own takes a config
    of the most similar recorded tasks (transfer-tuning): the same anchor op
    with operands of the same ranks and element types, nearest in shape (the
    sum of |log2 a - log2 b| over the operands' dimensions); the best few
    configs of the three nearest tasks are adapted (every knob moved to the
    nearest legal value for the new extents), and the adaptation of the
    nearest task's best config is used. With `use-model=true`, when the
    database has a saved cost model (`<database>.model.json`, or a family's
    file, written by `tuner-tune`), the model ranks the adaptations together
    with the task's default config on the new task's features instead, and
    the best predicted is used (the default, when the model expects every
    transfer to be slower); on the BERT example this chose worse configs
    than the nearest task's best (docs/results.md), hence the default. A remark on the op names the choice; a
    remark on the module counts the tasks annotated from their own records,
    by transfer, with the default by the model's choice, and not at all.

    ```
    tuner-opt model.mlir --sched-apply-best="database=db.jsonl"         --sched-materialize --tuner-lower-cpu
    ```
  }];
  let options =
      [Option<"prepare", "prepare", "bool", /*default=*/"true",
              "Run tuner-prepare first (decompose, channels last, fold "
              "constants, fuse), so that the tasks are the prepared program's">,
       Option<"database", "database", "std::string", /*default=*/"\"\"",
              "The database to read">,
       Option<"target", "target", "std::string", /*default=*/"\"\"",
              "Target the records must be for; default: the module's "
              "sched.target, else the host">,
       Option<"transfer", "transfer", "bool", /*default=*/"false",
              "Annotate tasks without records from the most similar recorded "
              "task, its config adapted to the new shape">,
       Option<"useModel", "use-model", "bool", /*default=*/"false",
              "With transfer, rank the adapted configs and the default with "
              "the database's saved cost model when there is one (measured "
              "worse than the nearest task's best on the BERT example; see "
              "docs/Tuning.md)">,
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::bufferization::BufferizationDialect",
                           "::mlir::sched::SchedDialect"];
}

#endif // TUNER_TUNER_PASSES_PASSES_TD
