//===- TestSpace.h - synthetic search spaces for policy tests ---*- C++ -*-===//
//
// A sketch with knobs chosen by the test, and no script: policies only see
// knobs, choices and measurements.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_UNITTESTS_SEARCH_TESTSPACE_H
#define TUNER_UNITTESTS_SEARCH_TESTSPACE_H

#include "Tuner/Tuner/Search/SearchSpace.h"

#include <functional>

namespace mlir::tuner::test {

/// A sketch over integer knobs with an optional constraint.
class TestSketch : public Sketch {
public:
  StringRef getName() const override { return "test.synthetic"; }
  StringRef getDescription() const override { return "synthetic"; }
  sched::TargetKind getTargetKind() const override {
    return sched::TargetKind::cpu;
  }
  std::unique_ptr<SketchInstance> instantiate(const FusedGroup &,
                                              sched::TargetAttr,
                                              std::string &) const override {
    return nullptr;
  }
};

class TestInstance : public SketchInstance {
public:
  TestInstance(const Sketch &sketch, SmallVector<Knob> knobs,
               std::function<bool(const KnobValues &)> constraint)
      : SketchInstance(sketch, std::move(knobs)),
        constraint(std::move(constraint)) {}
  LogicalResult verify(const KnobValues &v, std::string &why) const override {
    if (constraint && !constraint(v)) {
      why = "constraint";
      return failure();
    }
    return success();
  }
  OwningOpRef<ModuleOp> buildScript(MLIRContext *, StringRef) const override {
    return nullptr;
  }
  KnobChoice getHeuristicDefault() const override {
    return KnobChoice(knobs.size(), 0);
  }

private:
  std::function<bool(const KnobValues &)> constraint;
};

/// A space of `dims` tile knobs named k0, k1, ... each with the options
/// 1, 2, 4, ..., 2^(size-1).
inline std::unique_ptr<SearchSpace>
makeSpace(MLIRContext *ctx, const Sketch &sketch, unsigned dims, unsigned size,
          std::function<bool(const KnobValues &)> constraint = nullptr) {
  SmallVector<Knob> knobs;
  for (unsigned d = 0; d < dims; ++d) {
    SmallVector<int64_t> options;
    for (unsigned i = 0; i < size; ++i)
      options.push_back(int64_t(1) << i);
    knobs.push_back(makeIntKnob(ctx, "k" + std::to_string(d), KnobKind::Tile,
                                options, "test knob", int64_t(1) << (size - 1)));
  }
  SmallVector<std::unique_ptr<SketchInstance>> instances;
  instances.push_back(std::make_unique<TestInstance>(
      sketch, std::move(knobs), std::move(constraint)));
  return std::make_unique<SearchSpace>(std::move(instances));
}

} // namespace mlir::tuner::test

#endif // TUNER_UNITTESTS_SEARCH_TESTSPACE_H
