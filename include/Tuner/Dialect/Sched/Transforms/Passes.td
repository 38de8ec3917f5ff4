//===- Passes.td - sched dialect passes --------------------*- tablegen -*-===//
//
// Passes that read and write the schedule annotations of the sched dialect.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_DIALECT_SCHED_TRANSFORMS_PASSES_TD
#define TUNER_DIALECT_SCHED_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def SchedExtractTasks : Pass<"sched-extract-tasks", "::mlir::ModuleOp"> {
  let summary = "Annotate anchor ops with #sched.task and list the tasks";
  let description = [{
    Finds the anchor ops of the module: `linalg` ops on tensors with at least
    one reduction iterator (contractions, convolutions, reductions). Each one,
    together with the elementwise ops a schedule fuses with it (the fill that
    produces its accumulator, the chain of elementwise consumers such as bias
    and activation), forms a fused group. Groups with the same structure,
    shapes and element types have the same workload key and form one task;
    the task's weight is the number of such groups in the module.

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
    iterator types, operand shapes and element types, fused ops, and the
    function and location of every occurrence.

    Anchor ops with dynamic shapes or buffer semantics, and aggregate ops that
    must be decomposed first (`linalg.softmax`), get a warning and are left
    alone. docs/TaskExtraction.md gives the rules and exactly what goes into a
    workload key.
  }];
  let options = [
    Option<"taskList", "task-list", "std::string", /*default=*/"\"\"",
           "Write the task list as JSON to this file ('-' for stdout)">,
    Option<"fuseProducers", "fuse-producers", "bool", /*default=*/"true",
           "Fuse the producer of an anchor's accumulator (a fill) into its task">,
    Option<"fuseConsumers", "fuse-consumers", "bool", /*default=*/"true",
           "Fuse chains of elementwise consumers into the anchor's task">,
  ];
  let dependentDialects = ["::mlir::sched::SchedDialect"];
}

def SchedStrip : Pass<"sched-strip", "::mlir::ModuleOp"> {
  let summary = "Remove every sched annotation";
  let description = [{
    Removes `sched.task`, `sched.config` and `sched.target` attributes from
    every op of the module, giving back the program as it was before
    extraction and tuning.
  }];
  let options = [
    Option<"keepConfigs", "keep-configs", "bool", /*default=*/"false",
           "Keep #sched.config annotations (strip only tasks and targets)">,
  ];
}

#endif // TUNER_DIALECT_SCHED_TRANSFORMS_PASSES_TD
