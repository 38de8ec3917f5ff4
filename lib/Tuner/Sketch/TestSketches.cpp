//===- TestSketches.cpp - sketches that exist to test failure paths -------===//
//
// Sketches named "test.*" are never chosen by the search or by defaults (the
// registry hides them from getSketches); a #sched.config can still name
// them, which lets tests drive the error paths of materialization and of the
// tuning driver with real IR:
//
//   test.fail_to_apply  a script whose transform fails (decompose on an op
//                       that is not a convolution): the op must be left as it
//                       was, with an error.
//   test.fault          a knob `kind` choosing a fault injected with
//                       transform.sched.test_fault: none, build_crash,
//                       build_hang, build_oom, run_crash, run_hang,
//                       wrong_result. With `tuner-tune sketches=test.fault`
//                       and 7 trials, every fault is measured once.
//
//===----------------------------------------------------------------------===//

#include "SketchUtils.h"

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;
using namespace mlir::tuner::detail;

namespace {

class FailToApplyInstance : public SketchInstance {
public:
  using SketchInstance::SketchInstance;

  std::string buildScript(StringRef symName) const override {
    ScriptBuilder b(symName);
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
    knobs.push_back(makeIntKnob(group.anchor->getContext(), "x",
                                KnobKind::Tile, {1, 2}, "a tile size"));
    return std::make_unique<FailToApplyInstance>(*this, std::move(knobs));
  }
};

class FaultInstance : public SketchInstance {
public:
  using SketchInstance::SketchInstance;

  std::string buildScript(StringRef symName) const override {
    ScriptBuilder b(symName);
    const Knob &kind = knobs.front();
    b.alternatives(kind, [&](unsigned i) {
      StringRef name = cast<StringAttr>(kind.options[i]).getValue();
      if (name != "none")
        b.raw(("transform.sched.test_fault %anchor kind = \"" + name +
               "\" : !transform.any_op")
                  .str());
    });
    return b.finish();
  }

  KnobChoice getHeuristicDefault() const override { return KnobChoice(1, 0); }
};

class FaultSketch : public Sketch {
public:
  StringRef getName() const override { return "test.fault"; }
  StringRef getDescription() const override {
    return "test only: injects the fault its `kind` knob names";
  }
  TargetKind getTargetKind() const override { return TargetKind::cpu; }

  std::unique_ptr<SketchInstance>
  instantiate(const FusedGroup &group, TargetAttr target,
              std::string &whyNot) const override {
    SmallVector<Knob> knobs;
    knobs.push_back(makeChoiceKnob(
        group.anchor->getContext(), "kind",
        {"none", "build_crash", "build_hang", "build_oom", "run_crash",
         "run_hang", "wrong_result"},
        "the fault to inject"));
    return std::make_unique<FaultInstance>(*this, std::move(knobs));
  }
};

} // namespace

std::unique_ptr<Sketch> mlir::tuner::createTestFaultSketch() {
  return std::make_unique<FaultSketch>();
}

std::unique_ptr<Sketch> mlir::tuner::createTestFailToApplySketch() {
  return std::make_unique<FailToApplySketch>();
}
