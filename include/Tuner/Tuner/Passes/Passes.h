//===- Passes.h - the tuner-backed sched-* passes ---------------*- C++ -*-===//
//
// Declarations and registration of the passes in Passes.td: the sched-*
// passes that extract tasks, generate search spaces and apply schedules
// through the tuner's libraries.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_PASSES_PASSES_H
#define TUNER_TUNER_PASSES_PASSES_H

#include "Tuner/Dialect/Sched/IR/SchedDialect.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tuner {
#define GEN_PASS_DECL
#include "Tuner/Tuner/Passes/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Tuner/Tuner/Passes/Passes.h.inc"
} // namespace mlir::tuner

#endif // TUNER_TUNER_PASSES_PASSES_H
