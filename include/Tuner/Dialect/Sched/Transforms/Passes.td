//===- Passes.td - sched dialect passes --------------------*- tablegen -*-===//
//
// The sched dialect's own passes, which need no tuner library. The passes
// that extract tasks, generate spaces and apply schedules call the tuner's
// libraries and live above them: include/Tuner/Tuner/Passes/Passes.td.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_DIALECT_SCHED_TRANSFORMS_PASSES_TD
#define TUNER_DIALECT_SCHED_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

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
