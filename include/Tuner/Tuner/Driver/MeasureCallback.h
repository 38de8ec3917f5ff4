//===- MeasureCallback.h - what happens to each measurement -----*- C++ -*-===//
//
// MetaSchedule's measure callbacks: the tuning loop measures, and the
// callbacks do everything else with the results (append them to the
// database, train the cost model, print progress, ...). Each callback is
// one file under lib/Tuner/Driver/Callbacks/ and is registered in one place,
// createMeasureCallbacks (Callbacks/Callbacks.cpp); a tool may pass more to
// tuneModule.
//
// Order of the calls in a run:
//   begin                once, after the setup (resume and transfer done)
//   onResult             per trial, as each measurement finishes
//   onBatch              per round, with the round's results in order
//   end                  once, after the final validation, before the
//                        module is annotated
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_DRIVER_MEASURECALLBACK_H
#define TUNER_TUNER_DRIVER_MEASURECALLBACK_H

#include "Tuner/Tuner/Driver/TuningState.h"

#include <memory>
#include <vector>

namespace mlir::tuner {

class MeasureCallback {
public:
  virtual ~MeasureCallback();

  /// A short name (for messages).
  virtual StringRef getName() const = 0;

  /// Before the first round. Failing aborts the run (report the problem as
  /// a diagnostic first).
  virtual LogicalResult begin(TuningState &state) { return success(); }

  /// One trial of `task` has been measured; `state` and `task` already
  /// count it (trials, errors, best). Failing stops the search after the
  /// round in flight and fails the run.
  virtual LogicalResult onResult(TuningState &state, TaskState &task,
                                 const MeasureResult &result) {
    return success();
  }

  /// A round of `task` is measured; `results` in the order of its batch,
  /// after the policy was told. Failing stops the search as for onResult.
  virtual LogicalResult onBatch(TuningState &state, TaskState &task,
                                ArrayRef<MeasureResult> results) {
    return success();
  }

  /// After the search and the final validation.
  virtual void end(TuningState &state) {}
};

/// The callbacks every run has, in the order they are called: the record
/// writer (database), the cost-model trainer, the progress printer.
std::vector<std::unique_ptr<MeasureCallback>>
createMeasureCallbacks(const TuningOptions &options);

/// The built-in callbacks (one file each under lib/Tuner/Driver/Callbacks).
std::unique_ptr<MeasureCallback> createRecordWriter();
std::unique_ptr<MeasureCallback> createCostModelTrainer();
std::unique_ptr<MeasureCallback> createProgressPrinter(ProgressMode mode);

} // namespace mlir::tuner

#endif // TUNER_TUNER_DRIVER_MEASURECALLBACK_H
