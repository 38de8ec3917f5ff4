//===- ConvolutionProblem.cpp - a convolution as its sketches see it ------===//
//
// The analysis shared by the convolution sketches (ConvolutionProblem.h).
//
//===----------------------------------------------------------------------===//

#include "ConvolutionProblem.h"

using namespace mlir;
using namespace mlir::tuner;
using namespace mlir::tuner::detail;

ConvolutionProblem::ConvolutionProblem(const FusedGroup &group,
                                       sched::TargetAttr target,
                                       ConvLoops loops)
    : RegisterTileProblem(group, target), loops(std::move(loops)) {
  const ConvLoops &l = this->loops;
  oh = l.extents[l.oh];
  ow = l.extents[l.ow];
  ch = l.extents[l.c];
  kw = l.extents[l.kw];
  ic = l.ic ? l.extents[*l.ic] : 0;
}
