//===- TestSchedTransformOps.h - test-only transform ops --------*- C++ -*-===//
//
// Declares `transform.sched.test_fault` (TestSchedTransformOps.td), for the
// test sketches that build it.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TEST_LIB_DIALECT_SCHED_TESTSCHEDTRANSFORMOPS_H
#define TUNER_TEST_LIB_DIALECT_SCHED_TESTSCHEDTRANSFORMOPS_H

#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"

#define GET_OP_CLASSES
#include "TestSchedTransformOps.h.inc"

#endif // TUNER_TEST_LIB_DIALECT_SCHED_TESTSCHEDTRANSFORMOPS_H
