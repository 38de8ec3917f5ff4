//===- Passes.h - the tuning driver pass ------------------------*- C++ -*-===//

#ifndef TUNER_TUNER_DRIVER_PASSES_H
#define TUNER_TUNER_DRIVER_PASSES_H

#include "Tuner/Dialect/Sched/IR/SchedDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tuner {
#define GEN_PASS_DECL
#include "Tuner/Tuner/Driver/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Tuner/Tuner/Driver/Passes.h.inc"
} // namespace mlir::tuner

#endif // TUNER_TUNER_DRIVER_PASSES_H
