//===- IREELinalgExt.h - IREE's iree_linalg_ext ops, to read ----*- C++ -*-===//
//
// The `iree_linalg_ext` dialect: the ops IREE's input conversions keep
// outside linalg (scan, scatter, sort, topk), read with their textual forms
// and replaced by tuner-convert-frontend-ops.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_DIALECT_IREELINALGEXT_IR_IREELINALGEXT_H
#define TUNER_DIALECT_IREELINALGEXT_IR_IREELINALGEXT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "Tuner/Dialect/IREELinalgExt/IR/IREELinalgExtDialect.h.inc"

#define GET_OP_CLASSES
#include "Tuner/Dialect/IREELinalgExt/IR/IREELinalgExtOps.h.inc"

#endif // TUNER_DIALECT_IREELINALGEXT_IR_IREELINALGEXT_H
