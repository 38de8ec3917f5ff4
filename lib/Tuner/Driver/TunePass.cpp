//===- TunePass.cpp - the tuner-tune pass ---------------------------------===//
//
// A thin pass over tuneModule (TuningDriver.cpp).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Driver/Passes.h"
#include "Tuner/Tuner/Driver/TuningDriver.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERTUNE
#include "Tuner/Tuner/Driver/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

namespace {
struct TunerTunePass : public tuner::impl::TunerTuneBase<TunerTunePass> {
  using TunerTuneBase::TunerTuneBase;

  void runOnOperation() override {
    TuningOptions o;
    o.target = target;
    o.policy = policy;
    for (const std::string &kv : policyOptions) {
      auto [name, value] = StringRef(kv).split('=');
      o.policyOptions[name] = value.str();
    }
    o.costModel = costModel;
    for (const std::string &kv : costModelOptions) {
      auto [name, value] = StringRef(kv).split('=');
      o.costModelOptions[name] = value.str();
    }
    o.costModelFile = costModelFile;
    o.taskScheduler = taskScheduler;
    o.families = families;
    for (const std::string &kv : taskSchedulerOptions) {
      auto [name, value] = StringRef(kv).split('=');
      o.taskSchedulerOptions[name] = value.str();
    }
    o.trials = trials;
    o.timeBudget = timeBudget;
    o.perTaskTrials = perTaskTrials;
    o.batchSize = batchSize;
    o.seed = seed;
    o.database = database;
    o.resume = resume;
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
    if (failed(tuneModule(getOperation(), o)))
      signalPassFailure();
  }
};
} // namespace
