//===- TestSketches.cpp - sketches that exist to test failure paths -------===//
//
// Test-only sketches, registered by registerTestHooks (TestHooks.h) in the
// tools and unit tests that link the test library, never in the installed
// tuner-opt. Sketches named "test.*" are never chosen by the search or by
// defaults (the registry hides them from getSketches); a #sched.config or
// `sketches=` can still name them, which lets tests drive the error paths
// of materialization and of the tuning driver with real IR:
//
//   test.fail_to_apply  a script whose transform fails (decompose on an op
//                       that is not a convolution): the op must be left as it
//                       was, with an error.
//   test.fault          a knob `kind` choosing a fault injected with
//                       transform.sched.test_fault: none, build_crash,
//                       build_hang, build_oom, run_crash, run_hang,
//                       wrong_result. With `tuner-tune sketches=test.fault`
//                       and 7 trials, every fault is measured once.
//   test.wrong          two candidates, both computing a wrong result (one
//                       by 1, one by 0.024%): a task with no valid config.
//   test.run_hang       one candidate, whose kernel never returns: with
//                       `sketches=test.run_hang` it is the first candidate
//                       of its task to run, before the reference exists.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Sched/TestSchedTransformOps.h"
#include "TestHooks.h"

#include "Tuner/Tuner/Sketch/ScriptBuilder.h"
#include "Tuner/Tuner/Sketch/Sketch.h"

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;

namespace {

class FailToApplyInstance : public SketchInstance {
public:
  using SketchInstance::SketchInstance;

  OwningOpRef<ModuleOp> buildScript(MLIRContext *ctx,
                                    StringRef symName) const override {
    ScriptBuilder b(ctx, symName);
    Size x = b.knob(knobs.front());
    // Tile first so that a partial application would be visible, then fail.
    Handle tiled = b.tileUsingFor(b.getAnchor(), {x}).first;
    b.decompose(tiled);
    return b.finish();
  }

  KnobChoice getHeuristicDefault() const override { return KnobChoice(1, 0); }
};

class FailToApplySketch : public Sketch {
public:
  StringRef getName() const override { return "test.fail_to_apply"; }
  StringRef getDescription() const override {
    return "test only: tiles the op, then applies a transform that fails";
  }
  TargetKind getTargetKind() const override { return TargetKind::cpu; }

  std::unique_ptr<SketchInstance>
  instantiate(const FusedGroup &group, TargetAttr target,
              std::string &whyNot) const override {
    SmallVector<Knob> knobs;
    knobs.push_back(makeIntKnob(group.anchor->getContext(), "x", KnobKind::Tile,
                                {1, 2}, "a tile size"));
    return std::make_unique<FailToApplyInstance>(*this, std::move(knobs));
  }
};

class FaultInstance : public SketchInstance {
public:
  using SketchInstance::SketchInstance;

  OwningOpRef<ModuleOp> buildScript(MLIRContext *ctx,
                                    StringRef symName) const override {
    ScriptBuilder b(ctx, symName);
    const Knob &kind = knobs.front();
    b.alternatives(kind, [&](unsigned i) {
      StringRef name = cast<StringAttr>(kind.options[i]).getValue();
      if (name != "none")
        sched::test::TestFaultOp::create(b.getBuilder(), b.getLoc(),
                                         b.getAnchor().value, name);
    });
    return b.finish();
  }

  KnobChoice getHeuristicDefault() const override { return KnobChoice(1, 0); }
};

class FaultSketch : public Sketch {
public:
  FaultSketch(StringRef name, ArrayRef<StringRef> kinds)
      : name(name.str()), kinds(kinds.begin(), kinds.end()) {}

  StringRef getName() const override { return name; }
  StringRef getDescription() const override {
    return "test only: injects the fault its `kind` knob names";
  }
  TargetKind getTargetKind() const override { return TargetKind::cpu; }

  std::unique_ptr<SketchInstance>
  instantiate(const FusedGroup &group, TargetAttr target,
              std::string &whyNot) const override {
    SmallVector<Knob> knobs;
    knobs.push_back(makeChoiceKnob(group.anchor->getContext(), "kind", kinds,
                                   "the fault to inject"));
    return std::make_unique<FaultInstance>(*this, std::move(knobs));
  }

private:
  std::string name;
  SmallVector<StringRef> kinds;
};

} // namespace

void mlir::tuner::test::registerTestSketches() {
  SketchRegistry::registerSketch(std::make_unique<FailToApplySketch>());
  SketchRegistry::registerSketch(std::make_unique<FaultSketch>(
      "test.fault",
      ArrayRef<StringRef>{"none", "build_crash", "build_hang", "build_oom",
                          "run_crash", "run_hang", "wrong_result"}));
  SketchRegistry::registerSketch(std::make_unique<FaultSketch>(
      "test.run_hang", ArrayRef<StringRef>{"run_hang"}));
  SketchRegistry::registerSketch(std::make_unique<FaultSketch>(
      "test.wrong", ArrayRef<StringRef>{"wrong_result", "wrong_small"}));
}
