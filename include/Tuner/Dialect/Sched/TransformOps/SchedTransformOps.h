//===- SchedTransformOps.h - transform ops of mlir-tuner --------*- C++ -*-===//

#ifndef TUNER_DIALECT_SCHED_TRANSFORMOPS_SCHEDTRANSFORMOPS_H
#define TUNER_DIALECT_SCHED_TRANSFORMOPS_SCHEDTRANSFORMOPS_H

#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/IR/OpDefinition.h"

#define GET_OP_CLASSES
#include "Tuner/Dialect/Sched/TransformOps/SchedTransformOps.h.inc"

namespace mlir {
class DialectRegistry;
namespace sched {
/// Registers the `transform.sched.*` ops.
void registerTransformDialectExtension(DialectRegistry &registry);
} // namespace sched
} // namespace mlir

#endif // TUNER_DIALECT_SCHED_TRANSFORMOPS_SCHEDTRANSFORMOPS_H
