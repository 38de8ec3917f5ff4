//===- SchedAttrs.h - sched dialect attributes ------------------*- C++ -*-===//
//
// #sched.target, #sched.task and #sched.config, and small helpers to read and
// write them on operations.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_DIALECT_SCHED_IR_SCHEDATTRS_H
#define TUNER_DIALECT_SCHED_IR_SCHEDATTRS_H

#include "Tuner/Dialect/Sched/IR/SchedDialect.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/Operation.h"

#include "Tuner/Dialect/Sched/IR/SchedEnums.h.inc"

namespace mlir::sched {
/// Parses the `{name = 64, other = "str"}` knob dictionary of #sched.config.
FailureOr<DictionaryAttr> parseKnobValues(AsmParser &parser);
/// Prints a knob dictionary without the integer types.
void printKnobValues(AsmPrinter &printer, DictionaryAttr knobs);
} // namespace mlir::sched

#define GET_ATTRDEF_CLASSES
#include "Tuner/Dialect/Sched/IR/SchedAttrs.h.inc"

namespace mlir::sched {
/// The `sched.task` attribute of `op`, or null.
TaskAttr getTask(Operation *op);
/// The `sched.config` attribute of `op`, or null.
ConfigAttr getConfig(Operation *op);
/// The `sched.target` attribute of `op` or of its closest ancestor, or null.
TargetAttr getTarget(Operation *op);

void setTask(Operation *op, TaskAttr task);
void setConfig(Operation *op, ConfigAttr config);
void setTarget(Operation *op, TargetAttr target);
} // namespace mlir::sched

#endif // TUNER_DIALECT_SCHED_IR_SCHEDATTRS_H
