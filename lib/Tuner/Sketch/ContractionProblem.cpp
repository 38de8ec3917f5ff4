//===- ContractionProblem.cpp - a contraction as its sketches see it ------===//
//
// The analysis shared by the contraction sketches (ContractionProblem.h).
//
//===----------------------------------------------------------------------===//

#include "ContractionProblem.h"

using namespace mlir;
using namespace mlir::tuner;
using namespace mlir::tuner::detail;

ContractionProblem::ContractionProblem(const FusedGroup &group,
                                       sched::TargetAttr target,
                                       ContractionLoops loops)
    : RegisterTileProblem(group, target), loops(std::move(loops)) {
  const ContractionLoops &l = this->loops;
  em = l.extents[l.m];
  en = l.extents[l.n];
  ek = l.extents[l.k];
  // B: the input indexed by N.
  linalg::LinalgOp anchor = group.anchor;
  AffineMap first = anchor.getMatchingIndexingMap(anchor.getDpsInputOperand(0));
  bOperand = first.isFunctionOfDim(l.n) ? 0 : 1;
}
