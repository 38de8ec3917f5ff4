//===- SchedDialect.cpp - sched dialect -----------------------------------===//
//
// Registers the attributes of the `sched` dialect and verifies that the
// discardable `sched.*` attributes an op carries have the right kind.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Dialect/Sched/IR/SchedDialect.h"
#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::sched;

#include "Tuner/Dialect/Sched/IR/SchedDialect.cpp.inc"

void SchedDialect::initialize() { registerAttributes(); }

LogicalResult SchedDialect::verifyOperationAttribute(Operation *op,
                                                     NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  Attribute value = attr.getValue();
  if (name == kTaskAttrName) {
    if (!isa<TaskAttr>(value))
      return op->emitOpError() << "'" << name
                               << "' must be a #sched.task attribute";
    return success();
  }
  if (name == kConfigAttrName) {
    if (!isa<ConfigAttr>(value))
      return op->emitOpError() << "'" << name
                               << "' must be a #sched.config attribute";
    return success();
  }
  if (name == kTargetAttrName) {
    if (!isa<TargetAttr>(value))
      return op->emitOpError() << "'" << name
                               << "' must be a #sched.target attribute";
    return success();
  }
  return op->emitOpError() << "unknown sched dialect attribute '" << name
                           << "'";
}
