//===- ContractionProblem.h - contractions for sketches ---------*- C++ -*-===//
//
// Internal to lib/Tuner/Sketch. The problem the contraction sketches
// (cpu.contraction, cpu.contraction_padded, gpu.contraction) solve, each in
// its own way: a group whose anchor is a contraction, its loops (the
// innermost M, N and K and the others), their extents, and the vector
// shape of a CPU register tile of its result.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_LIB_TUNER_SKETCH_CONTRACTIONPROBLEM_H
#define TUNER_LIB_TUNER_SKETCH_CONTRACTIONPROBLEM_H

#include "SketchBase.h"
#include "SketchUtils.h"

namespace mlir::tuner::detail {

struct ContractionProblem : RegisterTileProblem {
  ContractionLoops loops;
  /// The extents of the M, N and K loops.
  int64_t em = 0, en = 0, ek = 0;
  /// The input indexed by the N loop (B): 0 or 1.
  unsigned bOperand = 1;

  ContractionProblem(const FusedGroup &group, sched::TargetAttr target,
                     ContractionLoops loops);
  /// The problem of `group` on `target` (whose operands passed the
  /// sketch's checks); fails with the reason when the anchor is not a
  /// contraction (analyzeContraction).
  static FailureOr<ContractionProblem>
  get(const FusedGroup &group, sched::TargetAttr target, std::string &whyNot) {
    return makeProblem<ContractionProblem>(
        analyzeContraction(group.anchor, whyNot), group, target);
  }
};

} // namespace mlir::tuner::detail

#endif // TUNER_LIB_TUNER_SKETCH_CONTRACTIONPROBLEM_H
