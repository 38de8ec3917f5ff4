//===- ExpandMath.cpp - the tuner-expand-math pass ------------------------===//
//
// Math functions as arithmetic, so that vectors of them stay vectors in LLVM
// (see the pass description in Passes.td).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNEREXPANDMATH
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;

namespace {
struct TunerExpandMathPass
    : public tuner::impl::TunerExpandMathBase<TunerExpandMathPass> {
  using TunerExpandMathBase::TunerExpandMathBase;

  void runOnOperation() override {
    // Simplify first: x^2 must become x*x before the expansion of fpowi
    // turns it into exp(2 * log(x)), wrong for negative x.
    RewritePatternSet simplify(&getContext());
    populateMathAlgebraicSimplificationPatterns(simplify);
    if (failed(applyPatternsGreedily(getOperation(), std::move(simplify))))
      return signalPassFailure();

    RewritePatternSet expand(&getContext());
    math::populateExpansionPatterns(expand);
    if (failed(applyPatternsGreedily(getOperation(), std::move(expand))))
      return signalPassFailure();

    RewritePatternSet approximate(&getContext());
    auto all = [](StringRef) { return true; };
    populateMathF32ExpansionPatterns(approximate, all);
    populateMathPolynomialApproximationPatterns(approximate, all);
    if (failed(applyPatternsGreedily(getOperation(), std::move(approximate))))
      return signalPassFailure();

    // After the approximations, which compute bf16 in f32 between an
    // extension and a truncation.
    if (expandBF16) {
      RewritePatternSet bf16(&getContext());
      arith::populateExpandBFloat16Patterns(bf16);
      if (failed(applyPatternsGreedily(getOperation(), std::move(bf16))))
        return signalPassFailure();
    }
  }
};
} // namespace
