//===- TaskModule.h - a task as a standalone kernel -------------*- C++ -*-===//
//
// Builds, from one occurrence of a task, a module with a single function that
// computes the fused group alone: the group's inputs become arguments, the
// group's result is returned, constants and empty tensors the group uses are
// cloned in. Builders compile candidates of that module in isolation and
// runners time it; the untransformed module is the reference.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_TASK_TASKMODULE_H
#define TUNER_TUNER_TASK_TASKMODULE_H

#include "Tuner/Tuner/Task/TaskExtraction.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <string>

namespace mlir::tuner {

/// A module with one public function `funcName` computing `group`. The
/// anchor op of the copy carries the task's #sched.task (when `task` is
/// given).
OwningOpRef<ModuleOp> buildTaskModule(const FusedGroup &group,
                                      StringRef funcName,
                                      const Task *task = nullptr);

/// The anchor op of a task module: the op carrying a #sched.task, or else
/// the only anchor op. Null if there is none or more than one.
Operation *findTaskAnchor(ModuleOp taskModule);

/// Prints an op (a module) to a string in generic, location-free form for
/// shipping to a worker process.
std::string printForWorker(Operation *op);

} // namespace mlir::tuner

#endif // TUNER_TUNER_TASK_TASKMODULE_H
