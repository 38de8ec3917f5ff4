//===- TMTensor.h - torch-mlir's tm_tensor ops, to read ---------*- C++ -*-===//
//
// The `tm_tensor` dialect: the ops torch-mlir's linalg-on-tensors output
// keeps outside linalg (scan, scatter, sort, topk, attention), read with
// their textual forms and replaced by tuner-convert-frontend-ops.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_DIALECT_TMTENSOR_IR_TMTENSOR_H
#define TUNER_DIALECT_TMTENSOR_IR_TMTENSOR_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "Tuner/Dialect/TMTensor/IR/TMTensorDialect.h.inc"

#define GET_OP_CLASSES
#include "Tuner/Dialect/TMTensor/IR/TMTensorOps.h.inc"

#endif // TUNER_DIALECT_TMTENSOR_IR_TMTENSOR_H
