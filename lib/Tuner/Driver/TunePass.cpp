//===- TunePass.cpp - the tuner-tune pass ---------------------------------===//
//
// A thin pass over tuneModule (TuningDriver.cpp).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Driver/Passes.h"
#include "Tuner/Tuner/Driver/TuningDriver.h"

#include "Tuner/Transforms/Prepare.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERTUNE
#include "Tuner/Tuner/Driver/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

namespace {
/// `name=value` list options as a map (a later name wins).
llvm::StringMap<std::string> toOptionMap(ArrayRef<std::string> list) {
  llvm::StringMap<std::string> map;
  for (const std::string &kv : list) {
    auto [name, value] = StringRef(kv).split('=');
    map[name] = value.str();
  }
  return map;
}

struct TunerTunePass : public tuner::impl::TunerTuneBase<TunerTunePass> {
  using TunerTuneBase::TunerTuneBase;

  void runOnOperation() override {
    TuningOptions o;
    o.target = target;
    o.policy = policy;
    o.policyOptions = toOptionMap(policyOptions);
    o.costModel = costModel;
    o.costModelOptions = toOptionMap(costModelOptions);
    o.costModelFile = costModelFile;
    o.taskScheduler = taskScheduler;
    o.taskSchedulerOptions = toOptionMap(taskSchedulerOptions);
    o.families = families;
    o.trials = trials;
    o.timeBudget = timeBudget;
    o.perTaskTrials = perTaskTrials;
    o.batchSize = batchSize;
    o.seed = seed;
    o.database = database;
    o.resume = resume;
    o.transferFrom = transferFrom;
    o.transferSeeds = transferSeeds;
    o.builders = builders;
    o.repeats = repeats;
    o.minRepeatMs = minRepeatMs;
    o.timeout = timeout;
    o.verify = verify;
    o.verifyAll = verifyAll;
    o.progress = progress;
    o.report = report;
    o.measure = measure;
    o.worker = worker;
    o.sketches.assign(sketches.begin(), sketches.end());
    o.driftCheck = driftCheck;
    o.memoryLimitMB = memoryLimit;
    if (prepare && failed(prepareForScheduling(getOperation())))
      return signalPassFailure();
    if (failed(tuneModule(getOperation(), o)))
      signalPassFailure();
  }
};
} // namespace
