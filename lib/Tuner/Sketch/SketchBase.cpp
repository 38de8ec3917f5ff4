//===- SketchBase.cpp - what every sketch has in common -------------------===//
//
// The sketch made of a SketchInfo and an instantiate function: the checks
// of the info (the preamble every sketch's instantiate() had), then the
// function; and what every problem has.
//
//===----------------------------------------------------------------------===//

#include "SketchBase.h"

#include "SketchUtils.h"

using namespace mlir;
using namespace mlir::tuner;
using namespace mlir::tuner::detail;

namespace {
class InfoSketch : public Sketch {
public:
  InfoSketch(const SketchInfo &info, InstantiateFn build)
      : info(info), build(build) {}

  StringRef getName() const override { return info.name; }
  StringRef getDescription() const override { return info.description; }
  sched::TargetKind getTargetKind() const override { return info.kind; }
  bool isFallback() const override { return info.fallback; }

  std::unique_ptr<SketchInstance>
  instantiate(const FusedGroup &group, sched::TargetAttr target,
              std::string &whyNot) const override {
    if (info.operands != OperandCheck::None &&
        !hasStaticTensorOperands(
            group, info.operands == OperandCheck::StaticTensorsOfAnyElement,
            /*complexElements=*/info.fallback)) {
      whyNot = "needs static tensors of int or float elements";
      return nullptr;
    }
    if (info.rejectSubByte && hasSubByteTensors(group, whyNot))
      return nullptr;
    return build(*this, group, target, whyNot);
  }

private:
  SketchInfo info;
  InstantiateFn build;
};
} // namespace

std::unique_ptr<Sketch> mlir::tuner::detail::makeSketch(const SketchInfo &info,
                                                        InstantiateFn build) {
  return std::make_unique<InfoSketch>(info, build);
}

int64_t GroupProblem::getResultLanes() const {
  return target.getVectorLanes(getResultElementBits(group.anchor));
}

int64_t GroupProblem::getMaxAccumulators() const {
  return target.getVectorBits() >= 512 ? 28 : 14;
}

Knob GroupProblem::makeTileKnob(StringRef name, ArrayRef<int64_t> options,
                                StringRef description, int64_t extent) const {
  return makeIntKnob(getContext(), name, KnobKind::Tile, options, description,
                     extent);
}

// The k loop of a 6 x 16 f32 tile (12 FMAs, 8 loads) carries 5 scalar
// instructions per iteration when not unrolled. On one Zen 3 core (AVX2,
// FMA peak 98.8 GFLOP/s) unrolling it 4 times took 512^3 from 57 to 79
// GFLOP/s and 300 x 700 x 600 (padded, 6 x 16) from 63 to 81; 8 times was
// no better than 4. Convolutions are left at 1: their input-channel loop
// holds the filter taps unrolled already (ResNet's 3x3 s3: 48, 46 and 44
// GFLOP/s at 1, 2 and 4).
int64_t GroupProblem::getDefaultMatmulUnroll(int64_t tripCount) {
  for (int64_t unroll : {4, 2})
    if (tripCount > 0 && tripCount % unroll == 0)
      return unroll;
  return 1;
}

Knob GroupProblem::makeUnrollKnob(StringRef description) const {
  Knob knob = makeIntKnob(getContext(), "unroll", KnobKind::Unroll,
                          {1, 2, 4, 8}, description);
  knob.isAlternatives = true;
  return knob;
}
