//===- SchedDialect.h - sched dialect ---------------------------*- C++ -*-===//
//
// The `sched` dialect: schedule annotations (#sched.target, #sched.task,
// #sched.config) read and written by the passes of mlir-tuner.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_DIALECT_SCHED_IR_SCHEDDIALECT_H
#define TUNER_DIALECT_SCHED_IR_SCHEDDIALECT_H

#include "mlir/IR/Dialect.h"

#include "Tuner/Dialect/Sched/IR/SchedDialect.h.inc"

#endif // TUNER_DIALECT_SCHED_IR_SCHEDDIALECT_H
