//===- ExpandMath.cpp - the tuner-expand-math pass ------------------------===//
//
// Math functions as arithmetic, so that vectors of them stay vectors in LLVM
// (see the pass description in Passes.td).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/MathExpansions.h"
#include "Tuner/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <limits>

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNEREXPANDMATH
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;

namespace {
/// math.powf as exp(b * log|a|) with pow's signs: upstream's expansion,
/// exp(b * log(a)), gives NaN for every negative base (a TOSA pow of x by a
/// constant tensor of 2.0, whose exponent is an operand of the linalg op and
/// not a constant the simplification sees, squared negative x to NaN) and
/// for 0^0. For a < 0: the result when b is an even integer, its negation
/// when b is odd, NaN otherwise; b == 0 gives 1 for any a, as C's pow does.
struct ExpandPowF : public OpRewritePattern<math::PowFOp> {
  ExpandPowF(MLIRContext *ctx) : OpRewritePattern(ctx, /*benefit=*/2) {}

  LogicalResult matchAndRewrite(math::PowFOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value a = op.getLhs(), b = op.getRhs();
    Type type = a.getType();
    auto constant = [&](double value) -> Value {
      auto attr = rewriter.getFloatAttr(getElementTypeOrSelf(type), value);
      if (auto shaped = dyn_cast<ShapedType>(type))
        return arith::ConstantOp::create(rewriter, loc,
                                         DenseElementsAttr::get(shaped, attr));
      return arith::ConstantOp::create(rewriter, loc, attr);
    };
    Value magnitude = math::ExpOp::create(
        rewriter, loc,
        arith::MulFOp::create(
            rewriter, loc, b,
            math::LogOp::create(rewriter, loc,
                                math::AbsFOp::create(rewriter, loc, a))));
    auto cmp = [&](arith::CmpFPredicate predicate, Value x, Value y) {
      return arith::CmpFOp::create(rewriter, loc, predicate, x, y);
    };
    Value half = arith::MulFOp::create(rewriter, loc, b, constant(0.5));
    Value isInteger = cmp(arith::CmpFPredicate::OEQ,
                          math::FloorOp::create(rewriter, loc, b), b);
    Value isOdd = cmp(arith::CmpFPredicate::ONE,
                      math::FloorOp::create(rewriter, loc, half), half);
    Value negative = arith::SelectOp::create(
        rewriter, loc, isInteger,
        arith::SelectOp::create(rewriter, loc, isOdd,
                                arith::NegFOp::create(rewriter, loc, magnitude),
                                magnitude),
        constant(std::numeric_limits<double>::quiet_NaN()));
    Value result = arith::SelectOp::create(
        rewriter, loc, cmp(arith::CmpFPredicate::OLT, a, constant(0.0)),
        negative, magnitude);
    rewriter.replaceOpWithNewOp<arith::SelectOp>(
        op, cmp(arith::CmpFPredicate::OEQ, b, constant(0.0)), constant(1.0),
        result);
    return success();
  }
};

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
    expand.add<ExpandPowF>(&getContext());
    math::populateExpansionPatterns(expand);
    tuner::populateMathExpansionPatterns(expand);
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
