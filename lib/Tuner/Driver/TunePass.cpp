//===- TunePass.cpp - the tuner-tune pass ---------------------------------===//
//
// A thin pass over tuneModule (TuningDriver.h): its TableGen options become
// one typed TuningOptions, checked once (verifyTuningOptions) with every
// error at the module's location, before anything is opened or measured.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Driver/Passes.h"
#include "Tuner/Tuner/Driver/TuningDriver.h"

#include "Tuner/Support/ExitStatus.h"
#include "Tuner/Support/PassOptionErrors.h"
#include "Tuner/Tuner/CostModel/CostModel.h"
#include "Tuner/Tuner/Target/Target.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERTUNE
#include "Tuner/Tuner/Driver/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

namespace {
struct TunerTunePass
    : public DeferredOptionErrors<tuner::impl::TunerTuneBase<TunerTunePass>> {
  using DeferredOptionErrors::DeferredOptionErrors;

  /// The options as one typed struct; errors for the names of closed sets
  /// (the registries' names and the numbers are checked by
  /// verifyTuningOptions).
  FailureOr<TuningOptions> getTuningOptions(Location loc) {
    TuningOptions o;
    o.target = target;
    o.precision = precision;
    o.budget.trials = trials;
    o.budget.timeBudget = timeBudget;
    o.budget.perTaskTrials = perTaskTrials;
    o.budget.batchSize = batchSize;
    o.search.policy = policy;
    o.search.policyOptions = parseOptionList(policyOptions);
    o.search.taskSchedulerOptions = parseOptionList(taskSchedulerOptions);
    o.search.seed = seed;
    o.search.defaultNeighbours = defaultNeighbours;
    o.search.sketches.assign(sketches.begin(), sketches.end());
    o.costModel.options = parseOptionList(costModelOptions);
    o.costModel.file = costModelFile;
    o.measure.measurer = measure;
    o.measure.worker = worker;
    o.measure.builders = builders;
    o.measure.repeats = repeats;
    o.measure.minRepeatMs = minRepeatMs;
    o.measure.timeout = timeout;
    o.measure.referenceTimeout = referenceTimeout;
    o.measure.verify = verify;
    o.measure.verifyAll = verifyAll;
    o.measure.memoryLimitMB = memoryLimit;
    o.measure.driftCheck = driftCheck;
    o.finalValidation.candidates = finalValidation;
    o.finalValidation.rounds = finalValidationRounds;
    o.records.database = database;
    o.records.resume = resume;
    o.records.transferFrom = transferFrom;
    o.records.transferSeeds = transferSeeds;
    o.output.report = report;

    bool ok = true;
    if (auto p = parseProgressMode(progress)) {
      o.output.progress = *p;
    } else {
      ok = false;
      emitError(loc) << "tuner-tune: unknown progress '" << progress
                     << "': expected 'auto', 'on' or 'off'";
    }
    if (auto f = parseFamilyMode(families)) {
      o.costModel.families = *f;
    } else {
      ok = false;
      emitError(loc) << "tuner-tune: unknown families '" << families
                     << "': expected 'none', 'op' or 'key'";
    }
    if (auto s = parseTaskSchedulerKind(taskScheduler)) {
      o.search.taskScheduler = *s;
    } else {
      ok = false;
      emitError(loc) << "tuner-tune: unknown task scheduler '" << taskScheduler
                     << "' (known: "
                     << llvm::join(getTaskSchedulerNames(), ", ") << ")";
    }
    if (auto m = parseCostModelKind(costModel)) {
      o.costModel.kind = *m;
    } else {
      ok = false;
      emitError(loc) << "tuner-tune: unknown cost model '" << costModel
                     << "'; available: auto none "
                     << llvm::join(getCostModelNames(), " ");
    }
    if (auto w = parseWorkersMode(workers)) {
      o.measure.workers = *w;
    } else {
      ok = false;
      emitError(loc) << "tuner-tune: unknown workers '" << workers
                     << "': expected 'local' or 'mpi'";
    }
    if (!ok || failed(verifyTuningOptions(o, loc)))
      return failure();
    return o;
  }

  void runOnOperation() override {
    if (failed(reportOptionErrors()))
      return signalPassFailure();
    Location loc = getDiagnosticLocation(getOperation());
    FailureOr<TuningOptions> options = getTuningOptions(loc);
    if (failed(options))
      return signalPassFailure();
    if (failed(
            resolveTargetAndPrepare(options->target, getOperation(), prepare)))
      return signalPassFailure();
    FailureOr<TuningReport> report =
        tuneModule(getOperation(), *options, {}, loc);
    if (failed(report))
      return signalPassFailure();
    setExitStatusOf(*report, loc);
  }

  /// A run that scheduled no task, or lost records, still writes its output
  /// but does not exit 0 (ExitStatus.h).
  static void setExitStatusOf(const TuningReport &report, Location loc) {
    bool nothing =
        !report.tasks.empty() && report.unscheduledTasks == report.tasks.size();
    if (nothing)
      emitWarning(loc) << "tuner-tune: no task got a valid, checked config: "
                          "the module is written unscheduled, and the exit "
                          "status is "
                       << kIncompleteTuningExitStatus;
    if (nothing || report.recordsLost)
      setDeferredExitStatus(kIncompleteTuningExitStatus);
  }
};
} // namespace
