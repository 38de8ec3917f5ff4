//===- SchedBase.td - sched dialect definition -------------*- tablegen -*-===//
//
// The `sched` dialect holds the schedule annotations of mlir-tuner: which
// hardware a schedule is for, which tuning task an op belongs to, and which
// concrete schedule (sketch + knob values) an op should be given.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_DIALECT_SCHED_IR_SCHEDBASE_TD
#define TUNER_DIALECT_SCHED_IR_SCHEDBASE_TD

include "mlir/IR/OpBase.td"

def Sched_Dialect : Dialect {
  let name = "sched";
  let cppNamespace = "::mlir::sched";
  let summary = "Schedule annotations for the mlir-tuner auto-scheduler";
  let description = [{
    The `sched` dialect carries the state of auto-scheduling in the IR itself,
    as verified attributes:

    * `#sched.target` describes the hardware a schedule is for (a CPU with its
      cores, vector width and caches, or a CUDA GPU with its limits). It is
      placed on the module as `sched.target` by the passes that need one.
    * `#sched.task` marks an anchor op (a contraction, convolution or
      reduction) as a tuning task: its workload key, its weight (how many
      identical ops the program has) and its FLOP count. Written by
      `sched-extract-tasks`.
    * `#sched.config` is one concrete schedule of an op: the name of the sketch
      and a value for each of the sketch's knobs. Written by `tuner-tune`,
      `sched-apply-best` and `sched-apply-default`; read by
      `sched-materialize`.

    The dialect defines no operations: it annotates `linalg` programs and is
    consumed by the passes of mlir-tuner.
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    /// Registers the attributes (defined in SchedAttrs.cpp).
    void registerAttributes();

    /// Name of the discardable attribute holding a `#sched.task`.
    static constexpr ::llvm::StringLiteral kTaskAttrName = "sched.task";
    /// Name of the discardable attribute holding a `#sched.config`.
    static constexpr ::llvm::StringLiteral kConfigAttrName = "sched.config";
    /// Name of the discardable attribute holding a `#sched.target`.
    static constexpr ::llvm::StringLiteral kTargetAttrName = "sched.target";
  }];
}

#endif // TUNER_DIALECT_SCHED_IR_SCHEDBASE_TD
