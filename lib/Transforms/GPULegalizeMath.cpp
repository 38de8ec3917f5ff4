//===- GPULegalizeMath.cpp - the tuner-gpu-legalize-math pass -------------===//
//
// Math ops in the forms libdevice implements, before the NVVM conversion
// turns them into its calls (see the pass description in Passes.td).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <limits>

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERGPULEGALIZEMATH
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;

namespace {
/// `math.fpowi` with an exponent wider (or narrower) than i32, which
/// libdevice's __nv_powif / __nv_powi take: the exponent clamped to the i32
/// range, its parity kept, and converted.
struct NarrowPowIExponent : public OpRewritePattern<math::FPowIOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(math::FPowIOp op,
                                PatternRewriter &rewriter) const override {
    Value n = op.getRhs();
    auto intType = cast<IntegerType>(getElementTypeOrSelf(n.getType()));
    if (intType.getWidth() == 32)
      return rewriter.notifyMatchFailure(op, "the exponent is an i32");
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    Type narrow = i32;
    if (auto shaped = dyn_cast<ShapedType>(n.getType()))
      narrow = shaped.clone(i32);
    Value exponent;
    if (intType.getWidth() < 32) {
      exponent = arith::ExtSIOp::create(rewriter, loc, narrow, n);
    } else {
      auto constant = [&](int64_t value) -> Value {
        return arith::ConstantOp::create(
            rewriter, loc,
            getSplatOrScalar(rewriter, n.getType(), intType, value));
      };
      Value lo = constant(std::numeric_limits<int32_t>::min());
      Value hi = constant(std::numeric_limits<int32_t>::max());
      Value clamped = arith::MinSIOp::create(
          rewriter, loc, arith::MaxSIOp::create(rewriter, loc, n, lo), hi);
      Value even = arith::AndIOp::create(rewriter, loc, clamped, constant(~1));
      Value parity = arith::AndIOp::create(rewriter, loc, n, constant(1));
      Value kept = arith::OrIOp::create(rewriter, loc, even, parity);
      exponent = arith::TruncIOp::create(rewriter, loc, narrow, kept);
    }
    rewriter.replaceOpWithNewOp<math::FPowIOp>(op, op.getLhs(), exponent,
                                               op.getFastmathAttr());
    return success();
  }

  /// `value` as a constant of `type` (a scalar of `element`, or a splat).
  static TypedAttr getSplatOrScalar(PatternRewriter &rewriter, Type type,
                                    IntegerType element, int64_t value) {
    IntegerAttr scalar = rewriter.getIntegerAttr(element, value);
    if (auto shaped = dyn_cast<ShapedType>(type))
      return DenseElementsAttr::get(shaped, scalar);
    return scalar;
  }
};

struct TunerGPULegalizeMathPass
    : public tuner::impl::TunerGPULegalizeMathBase<TunerGPULegalizeMathPass> {
  void runOnOperation() override {
    // Powers by small constants first: x^2 needs no call at all.
    RewritePatternSet simplify(&getContext());
    populateMathAlgebraicSimplificationPatterns(simplify);
    if (failed(applyPatternsGreedily(getOperation(), std::move(simplify))))
      return signalPassFailure();
    RewritePatternSet legalize(&getContext());
    legalize.add<NarrowPowIExponent>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(legalize))))
      return signalPassFailure();
  }
};
} // namespace
