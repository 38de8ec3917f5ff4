//===- Passes.h - sched dialect passes --------------------------*- C++ -*-===//
//
// Declarations and registration of the passes in Passes.td: the sched
// dialect's own passes (the tuner-backed sched-* passes are declared in
// Tuner/Tuner/Passes/Passes.h).
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_DIALECT_SCHED_TRANSFORMS_PASSES_H
#define TUNER_DIALECT_SCHED_TRANSFORMS_PASSES_H

#include "Tuner/Dialect/Sched/IR/SchedDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::sched {
#define GEN_PASS_DECL
#include "Tuner/Dialect/Sched/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Tuner/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace mlir::sched

#endif // TUNER_DIALECT_SCHED_TRANSFORMS_PASSES_H
