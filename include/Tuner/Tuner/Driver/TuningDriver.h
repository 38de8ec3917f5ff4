//===- TuningDriver.h - tune every task of a module -------------*- C++ -*-===//
//
// `tuner-tune` in MetaSchedule's shape:
//
//   setUpTuning     (TuningSetup.cpp)  tasks and spaces, resume and transfer
//                                      seeds, measurer, cost models,
//                                      policies, task scheduler
//   runTuningLoop   (TuningLoop.cpp)   rounds: the scheduler picks a task,
//                                      its policy proposes a batch, the
//                                      measurer measures it, the measure
//                                      callbacks (MeasureCallback.h) handle
//                                      the results; then the drift check
//   validateWinners (FinalValidation.cpp) re-time the best few and the
//                                      default of each task, interleaved
//   annotateModule, finishReport (TuningReport.cpp)
//
// tuneModule runs them in that order.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_DRIVER_TUNINGDRIVER_H
#define TUNER_TUNER_DRIVER_TUNINGDRIVER_H

#include "Tuner/Tuner/Driver/MeasureCallback.h"
#include "Tuner/Tuner/Driver/TuningOptions.h"
#include "Tuner/Tuner/Driver/TuningReport.h"
#include "Tuner/Tuner/Driver/TuningState.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlir::tuner {

/// Tunes `module` and annotates its anchor ops with #sched.config; reports
/// problems as diagnostics at `loc` (the module's location by default) or
/// on the ops. `options` must have passed verifyTuningOptions. `extra`
/// callbacks run after the built-in ones (not owned).
FailureOr<TuningReport> tuneModule(ModuleOp module,
                                   const TuningOptions &options,
                                   ArrayRef<MeasureCallback *> extra = {},
                                   std::optional<Location> loc = std::nullopt);

/// The setup: null (after a warning) when the module has no task to tune.
FailureOr<std::unique_ptr<TuningState>>
setUpTuning(ModuleOp module, const TuningOptions &options, Location loc);

/// The rounds until a budget is spent or every task is exhausted, then the
/// drift check. Fails when a callback failed.
LogicalResult runTuningLoop(TuningState &state,
                            ArrayRef<MeasureCallback *> callbacks);

/// Measures `candidates` of `task`: every result updates the task's
/// counters, best and trace and goes to the callbacks' onResult as it
/// finishes (unless `counted` is false: then the results are only
/// returned, e.g. the drift check's). Results in the order of `candidates`.
std::vector<MeasureResult>
measureCandidates(TuningState &state, TaskState &task,
                  ArrayRef<Candidate> candidates, bool counted,
                  ArrayRef<MeasureCallback *> callbacks);

/// Measures each task's default config again and warns on a drift.
void runDriftCheck(TuningState &state);

/// The final validation (FinalValidation.cpp): per task, re-times the best
/// `finalValidation.candidates` distinct valid candidates and the default,
/// interleaved, and makes the fastest re-timed one the task's config.
void validateWinners(TuningState &state);

/// Annotates every anchor op with its task's config and fills the run's
/// report from the tasks' reports.
void annotateModule(TuningState &state);

/// Prints the summary table (unless progress=off) and writes report=.
LogicalResult finishReport(TuningState &state);

} // namespace mlir::tuner

#endif // TUNER_TUNER_DRIVER_TUNINGDRIVER_H
