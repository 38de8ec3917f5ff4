//===- MathExpansions.h - math ops neither LLVM target lowers ---*- C++ -*-===//
//
// Math ops that reach neither the CPU's LLVM conversion (math.isinf,
// math.isnormal and math.ipowi at all; math.absi, math.cttz and the
// extended multiplications of arith on vectors)
// nor the NVVM one (math.ipowi, math.isnormal) in a form that lowers: they
// become integer and float arithmetic that both do, on scalars and vectors
// alike, so that a program and its reference agree. Shared by
// tuner-expand-math (CPU) and tuner-gpu-legalize-math (CUDA).
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TRANSFORMS_MATHEXPANSIONS_H
#define TUNER_TRANSFORMS_MATHEXPANSIONS_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::tuner {

/// Adds the patterns that rewrite
/// - `math.absi x` into `maxsi(x, 0 - x)` (INT_MIN stays INT_MIN);
/// - `math.cttz x` into `ctpop(~x & (x - 1))` (the width for 0);
/// - `math.isinf x` into `|x| == inf`, `math.isnormal x` into
///   `smallest normal <= |x| < inf` (false for NaN);
/// - `math.ipowi b, n` into square-and-multiply over every bit of n, with
///   the op's results for negative exponents (1 for b = 1, +-1 for b = -1,
///   0 otherwise, 0 also for b = 0, where the op is undefined);
/// - `arith.mulsi_extended` and `arith.mului_extended` (on vectors, an
///   unrealized cast in the CPU's LLVM IR) into one product in twice the
///   width and its halves.
void populateMathExpansionPatterns(RewritePatternSet &patterns);

} // namespace mlir::tuner

#endif // TUNER_TRANSFORMS_MATHEXPANSIONS_H
