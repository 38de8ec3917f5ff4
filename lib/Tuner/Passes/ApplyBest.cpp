//===- ApplyBest.cpp - the sched-apply-best pass --------------------------===//
//
// Annotates anchor ops with the best configs recorded in a database; the
// work is done by tuner::applyBestConfigs (lib/Tuner/Transfer/ApplyBest.cpp).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Transfer/ApplyBest.h"
#include "Tuner/Support/PassOptionErrors.h"
#include "Tuner/Tuner/Passes/Passes.h"
#include "Tuner/Tuner/Target/Target.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_SCHEDAPPLYBEST
#include "Tuner/Tuner/Passes/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;

namespace {
struct SchedApplyBestPass
    : public tuner::DeferredOptionErrors<
          tuner::impl::SchedApplyBestBase<SchedApplyBestPass>> {
  using DeferredOptionErrors::DeferredOptionErrors;

  void runOnOperation() override {
    if (failed(reportOptionErrors()))
      return signalPassFailure();
    if (failed(tuner::resolveTargetAndPrepare(target, getOperation(), prepare)))
      return signalPassFailure();
    tuner::ApplyBestOptions options;
    options.database = database;
    options.target = target;
    options.transfer = transfer;
    options.useModel = useModel;
    if (failed(tuner::applyBestConfigs(getOperation(), options)))
      signalPassFailure();
  }
};
} // namespace
