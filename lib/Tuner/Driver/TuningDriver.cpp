//===- TuningDriver.cpp - tune every task of a module ---------------------===//
//
// tuneModule: the setup, the loop with its measure callbacks, the final
// validation, the annotation and the report, in that order (TuningDriver.h).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Driver/TuningDriver.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::tuner;

FailureOr<TuningReport>
mlir::tuner::tuneModule(ModuleOp module, const TuningOptions &options,
                        ArrayRef<MeasureCallback *> extra,
                        std::optional<Location> loc) {
  FailureOr<std::unique_ptr<TuningState>> setUp =
      setUpTuning(module, options, loc.value_or(module.getLoc()));
  if (failed(setUp))
    return failure();
  if (!*setUp) {
    // No task: the report says so (a script reading it finds no task)
    // rather than being missing.
    TuningReport empty;
    if (!options.output.report.empty() &&
        failed(writeReportFile(empty, options.output.report,
                               loc.value_or(module.getLoc()))))
      return failure();
    return empty;
  }
  TuningState &state = **setUp;

  std::vector<std::unique_ptr<MeasureCallback>> owned =
      createMeasureCallbacks(options);
  SmallVector<MeasureCallback *> callbacks;
  for (auto &cb : owned)
    callbacks.push_back(cb.get());
  llvm::append_range(callbacks, extra);

  LogicalResult searched = runTuningLoop(state, callbacks);
  // With the time budget spent, the winners are written as the search
  // found them (each was checked when it became the best).
  if (succeeded(searched) && state.outOfTime())
    emitRemark(state.loc) << "tuner-tune: the time budget is spent: no "
                             "final validation, no drift check";
  else if (succeeded(searched))
    validateWinners(state);
  for (MeasureCallback *cb : callbacks)
    cb->end(state);
  if (failed(searched))
    return failure();
  annotateModule(state);
  if (failed(finishReport(state)))
    return failure();
  return std::move(state.report);
}
