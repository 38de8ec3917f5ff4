//===- SketchBase.h - what every sketch has in common -----------*- C++ -*-===//
//
// Internal to lib/Tuner/Sketch. A sketch is its SketchInfo (name, target
// kind, description, the checks every sketch makes of a group first) and a
// function building its space for a group that passed those checks. Its
// instances are ProblemInstances: of a GroupProblem (the group and the
// target; SketchInstanceBase), or of the problem of the sketch's class
// (ContractionProblem.h, ConvolutionProblem.h) that the CPU and GPU sketches
// of that class share. Adding a sketch is one file (the info, the function, the
// instance) plus its factory's registration in Sketch.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_LIB_TUNER_SKETCH_SKETCHBASE_H
#define TUNER_LIB_TUNER_SKETCH_SKETCHBASE_H

#include "Tuner/Tuner/Sketch/Sketch.h"

namespace mlir::tuner::detail {

/// What a sketch asks of a group's operand types before anything else.
enum class OperandCheck {
  /// Nothing (the sketch checks for itself).
  None,
  /// Static-shaped tensors of int or float elements.
  StaticTensors,
  /// Static-shaped tensors of int, float or index elements.
  StaticTensorsOfAnyElement,
};

/// A sketch's identity and the checks of its instantiate() preamble, in
/// this order: the operand types, then no tensor of sub-byte elements.
struct SketchInfo {
  StringRef name;
  sched::TargetKind kind;
  StringRef description;
  OperandCheck operands = OperandCheck::StaticTensors;
  /// Refuses a group with tensors of elements narrower than a byte (what
  /// a vectorizing schedule cannot handle, hasSubByteTensors).
  bool rejectSubByte = false;
  bool fallback = false;
};

/// Builds the space of `sketch` for `group` (which passed the checks of the
/// sketch's info) on `target`, or returns null with the reason in `whyNot`.
using InstantiateFn = std::unique_ptr<SketchInstance> (*)(
    const Sketch &sketch, const FusedGroup &group, sched::TargetAttr target,
    std::string &whyNot);

/// The sketch of `info` whose instantiate() runs the info's checks, then
/// `instantiate`.
std::unique_ptr<Sketch> makeSketch(const SketchInfo &info,
                                   InstantiateFn instantiate);

/// What every sketch problem has: the group and the target, and what a CPU
/// register tile of the group's result takes on that target.
struct GroupProblem {
  FusedGroup group;
  sched::TargetAttr target;

  MLIRContext *getContext() const { return group.anchor->getContext(); }
  /// Vector lanes of the anchor result's element type (1 off the CPU).
  int64_t getResultLanes() const;
  /// The accumulator vectors a CPU register tile may keep: 28 with 32
  /// vector registers (512-bit vectors), else 14 (of 16).
  int64_t getMaxAccumulators() const;
  /// A tile knob over a loop of `extent`.
  Knob makeTileKnob(StringRef name, ArrayRef<int64_t> options,
                    StringRef description, int64_t extent) const;
  /// The unroll knob of a CPU register tile's reduction loop: 1, 2, 4 or 8,
  /// as tune.alternatives.
  Knob makeUnrollKnob(StringRef description) const;
  /// The default unroll of a matmul register tile's reduction loop of
  /// `tripCount` iterations: 4 where it divides, else 2 or 1.
  static int64_t getDefaultMatmulUnroll(int64_t tripCount);
};

/// A group whose result CPU register tiles compute (the contraction and
/// convolution problems): the vector lanes of its element type and the
/// accumulator vectors a tile may keep on the target.
struct RegisterTileProblem : GroupProblem {
  int64_t lanes = 1;
  int64_t maxAccumulators = 14;

  RegisterTileProblem(const FusedGroup &group, sched::TargetAttr target)
      : GroupProblem{group, target}, lanes(getResultLanes()),
        maxAccumulators(getMaxAccumulators()) {}
};

/// The problem `Problem` made of the `loops` an analysis found in `group`,
/// or failure (the analysis said why).
template <typename Problem, typename Loops>
FailureOr<Problem> makeProblem(FailureOr<Loops> loops, const FusedGroup &group,
                               sched::TargetAttr target) {
  if (failed(loops))
    return failure();
  return Problem(group, target, std::move(*loops));
}

/// An instance over a problem (GroupProblem or one extending it), whose
/// fields it sees as its own.
template <typename Problem>
class ProblemInstance : public SketchInstance, protected Problem {
public:
  ProblemInstance(const Sketch &sketch, SmallVector<Knob> knobs,
                  Problem problem)
      : SketchInstance(sketch, std::move(knobs)), Problem(std::move(problem)) {}
};

/// The instance of a sketch that needs no more than its group and target.
class SketchInstanceBase : public ProblemInstance<GroupProblem> {
public:
  SketchInstanceBase(const Sketch &sketch, SmallVector<Knob> knobs,
                     const FusedGroup &group, sched::TargetAttr target = {})
      : ProblemInstance(sketch, std::move(knobs), GroupProblem{group, target}) {
  }
};

} // namespace mlir::tuner::detail

#endif // TUNER_LIB_TUNER_SKETCH_SKETCHBASE_H
