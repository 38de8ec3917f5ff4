//===- ApplyDefault.cpp - the sched-apply-default pass --------------------===//
//
// Gives every anchor op the default config of its preferred sketch.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"
#include "Tuner/Dialect/Sched/Transforms/Passes.h"
#include "Tuner/Tuner/Sketch/Sketch.h"
#include "Tuner/Tuner/Target/Target.h"
#include "Tuner/Tuner/Task/TaskExtraction.h"

namespace mlir::sched {
#define GEN_PASS_DEF_SCHEDAPPLYDEFAULT
#include "Tuner/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace mlir::sched

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;

namespace {
/// The instance of the first sketch of `preferred` among `instances`, else
/// the first instance (the registry's preference).
const SketchInstance &
pickInstance(ArrayRef<std::unique_ptr<SketchInstance>> instances,
             ArrayRef<std::string> preferred) {
  for (const std::string &name : preferred)
    for (const std::unique_ptr<SketchInstance> &instance : instances)
      if (instance->getName() == name)
        return *instance;
  return *instances.front();
}

struct SchedApplyDefaultPass
    : public sched::impl::SchedApplyDefaultBase<SchedApplyDefaultPass> {
  using SchedApplyDefaultBase::SchedApplyDefaultBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    for (const std::string &name : sketches) {
      if (!SketchRegistry::get().lookup(name)) {
        module.emitError() << "sched-apply-default: unknown sketch '" << name
                           << "'";
        return signalPassFailure();
      }
    }
    FailureOr<TargetAttr> target =
        resolveTargetAndPrepare(this->target, module, prepare);
    if (failed(target))
      return signalPassFailure();
    setTarget(module, *target);

    for (const Task &task : extractTasks(module)) {
      for (const FusedGroup &group : task.occurrences) {
        Operation *anchor = group.anchor;
        if (getConfig(anchor) && !override)
          continue;
        std::string whyNot;
        auto instances = instantiateSketches(group, *target, &whyNot);
        if (instances.empty()) {
          anchor->emitWarning() << "no sketch applies to this op:\n" << whyNot;
          continue;
        }
        const SketchInstance &best = pickInstance(instances, sketches);
        // A fallback is a safe schedule, not a fast one: say why no other
        // sketch took the op (once per task).
        if (best.getSketch().isFallback() && instances.size() == 1 &&
            &group == &task.occurrences[0])
          anchor->emitRemark()
              << "no specialized sketch applies to this op; it gets the "
                 "schedule of '"
              << best.getName() << "' (tiled over threads, not vectorized):\n"
              << whyNot;
        setConfig(anchor, best.toConfig(ctx, best.getDefault()));
      }
    }
  }
};
} // namespace
