//===- ConvolutionProblem.h - convolutions for sketches ---------*- C++ -*-===//
//
// Internal to lib/Tuner/Sketch. The problem the convolution sketches
// (cpu.conv2d, gpu.conv2d) solve, each in its own way: a group whose anchor
// is an NHWC 2-D convolution or pooling with static tensor operands, its
// loops and their extents, and the vector shape of a CPU register tile of
// its result.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_LIB_TUNER_SKETCH_CONVOLUTIONPROBLEM_H
#define TUNER_LIB_TUNER_SKETCH_CONVOLUTIONPROBLEM_H

#include "SketchBase.h"
#include "SketchUtils.h"

namespace mlir::tuner::detail {

struct ConvolutionProblem : RegisterTileProblem {
  ConvLoops loops;
  /// The extents of the output rows, columns and channels, the filter
  /// columns, and the input channels (0 for a depthwise convolution).
  int64_t oh = 0, ow = 0, ch = 0, kw = 0, ic = 0;

  ConvolutionProblem(const FusedGroup &group, sched::TargetAttr target,
                     ConvLoops loops);
  /// The problem of `group` on `target`; fails with the reason when the
  /// anchor is not one of those convolutions (analyzeConvolution).
  static FailureOr<ConvolutionProblem>
  get(const FusedGroup &group, sched::TargetAttr target, std::string &whyNot) {
    return makeProblem<ConvolutionProblem>(analyzeConvolution(group, whyNot),
                                           group, target);
  }
};

} // namespace mlir::tuner::detail

#endif // TUNER_LIB_TUNER_SKETCH_CONVOLUTIONPROBLEM_H
