//===- ApplyDefault.cpp - the sched-apply-default pass --------------------===//
//
// Gives every anchor op the default config of its preferred sketch.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"
#include "Tuner/Tuner/Passes/Passes.h"
#include "Tuner/Tuner/Sketch/Materialize.h"
#include "Tuner/Tuner/Sketch/Sketch.h"
#include "Tuner/Tuner/Target/Target.h"
#include "Tuner/Tuner/Task/TaskExtraction.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_SCHEDAPPLYDEFAULT
#include "Tuner/Tuner/Passes/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;

namespace {
/// `instances` in the order of preference: the sketches of `preferred`
/// first, then the registry's order.
SmallVector<const SketchInstance *>
orderInstances(ArrayRef<std::unique_ptr<SketchInstance>> instances,
               ArrayRef<std::string> preferred) {
  SmallVector<const SketchInstance *> ordered;
  for (const std::string &name : preferred)
    for (const std::unique_ptr<SketchInstance> &instance : instances)
      if (instance->getName() == name &&
          !llvm::is_contained(ordered, instance.get()))
        ordered.push_back(instance.get());
  for (const std::unique_ptr<SketchInstance> &instance : instances)
    if (!llvm::is_contained(ordered, instance.get()))
      ordered.push_back(instance.get());
  return ordered;
}

/// The first of `ordered` whose default config applies to `anchor` (tried
/// on a copy of its function); null when none does. Warns about each that
/// does not.
const SketchInstance *pickApplicable(ArrayRef<const SketchInstance *> ordered,
                                     Operation *anchor) {
  for (const SketchInstance *instance : ordered) {
    std::string error;
    if (succeeded(checkSketchApplies(*instance, instance->getDefault(), anchor,
                                     error)))
      return instance;
    anchor->emitWarning() << "the default schedule of sketch '"
                          << instance->getName()
                          << "' does not apply to this op; trying the next "
                             "sketch: "
                          << error;
  }
  return nullptr;
}

/// The instance of sketch `name` in `instances`; null when there is none.
const SketchInstance *findByName(ArrayRef<const SketchInstance *> instances,
                                 StringRef name) {
  for (const SketchInstance *instance : instances)
    if (instance->getName() == name)
      return instance;
  return nullptr;
}

struct SchedApplyDefaultPass
    : public tuner::impl::SchedApplyDefaultBase<SchedApplyDefaultPass> {
  using SchedApplyDefaultBase::SchedApplyDefaultBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
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
      // The occurrences of a task are the same group of ops: the sketch
      // whose default applied to the first is taken for the others without
      // trying it again (a try copies the function: quadratic in a model
      // with thousands of ops).
      std::optional<std::string> taken;
      for (const FusedGroup &group : task.occurrences) {
        if (getConfig(group.anchor) && !override)
          continue;
        if (ConfigAttr config = chooseDefault(group, *target, taken,
                                              &group == &task.occurrences[0]))
          setConfig(group.anchor, config);
      }
    }
  }

  /// The default config of the first sketch whose default applies to
  /// `group` (`taken` first, when set, untried), which `taken` then names;
  /// null, with a warning, when none does.
  ConfigAttr chooseDefault(const FusedGroup &group, TargetAttr target,
                           std::optional<std::string> &taken,
                           bool firstOfTask) {
    Operation *anchor = group.anchor;
    std::string whyNot;
    auto instances = instantiateSketches(group, target, &whyNot);
    if (instances.empty()) {
      anchor->emitWarning() << "no sketch applies to this op:\n" << whyNot;
      return {};
    }
    SmallVector<const SketchInstance *> ordered =
        orderInstances(instances, sketches);
    // The fallbacks are left out of `instances` where a sketch applied:
    // made only when none of those is taken.
    SmallVector<std::unique_ptr<SketchInstance>> fallbacks;
    auto orderedFallbacks = [&] {
      if (fallbacks.empty())
        fallbacks = instantiateFallbacks(group, target, instances);
      return orderInstances(fallbacks, {});
    };
    const SketchInstance *best = taken ? findByName(ordered, *taken) : nullptr;
    if (!best && taken)
      best = findByName(orderedFallbacks(), *taken);
    if (!best)
      best = pickApplicable(ordered, anchor);
    if (!best)
      best = pickApplicable(orderedFallbacks(), anchor);
    if (!best) {
      anchor->emitWarning()
          << "no sketch's default schedule applies to this op; it is "
             "left unscheduled (scalar loops on the host)";
      return {};
    }
    // A fallback is a safe schedule, not a fast one: say why no other
    // sketch took the op (once per task; a fill needs no other).
    if (best->getSketch().isFallback() && instances.size() == 1 &&
        firstOfTask && !isa<linalg::FillOp>(anchor))
      anchor->emitRemark()
          << "no specialized sketch applies to this op; it gets the "
             "schedule of '"
          << best->getName() << "' (tiled over threads, not vectorized):\n"
          << whyNot;
    taken = best->getName().str();
    return best->toConfig(&getContext(), best->getDefault());
  }
};
} // namespace
