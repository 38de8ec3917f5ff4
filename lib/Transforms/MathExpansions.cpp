//===- MathExpansions.cpp - math ops neither LLVM target lowers -----------===//
//
// See include/Tuner/Transforms/MathExpansions.h.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/MathExpansions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

/// A constant of `type` (a scalar or a shaped type of a scalar) whose
/// elements are `value`.
static Value splat(OpBuilder &b, Location loc, Type type, TypedAttr value) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return arith::ConstantOp::create(b, loc,
                                     DenseElementsAttr::get(shaped, value));
  return arith::ConstantOp::create(b, loc, value);
}

static Value intConstant(OpBuilder &b, Location loc, Type type,
                         int64_t value) {
  auto element = cast<IntegerType>(getElementTypeOrSelf(type));
  return splat(b, loc, type, b.getIntegerAttr(element, value));
}

namespace {
struct ExpandAbsI : public OpRewritePattern<math::AbsIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::AbsIOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = op.getOperand();
    Value negated = arith::SubIOp::create(
        rewriter, loc, intConstant(rewriter, loc, x.getType(), 0), x);
    rewriter.replaceOpWithNewOp<arith::MaxSIOp>(op, x, negated);
    return success();
  }
};

struct ExpandCttz : public OpRewritePattern<math::CountTrailingZerosOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::CountTrailingZerosOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = op.getOperand();
    Type type = x.getType();
    Value below = arith::SubIOp::create(rewriter, loc, x,
                                        intConstant(rewriter, loc, type, 1));
    Value inverted = arith::XOrIOp::create(
        rewriter, loc, x, intConstant(rewriter, loc, type, -1));
    Value mask = arith::AndIOp::create(rewriter, loc, inverted, below);
    rewriter.replaceOpWithNewOp<math::CtPopOp>(op, mask);
    return success();
  }
};

/// |x| compared with `bound` by `predicate`.
static Value compareMagnitude(OpBuilder &b, Location loc, Value x,
                              arith::CmpFPredicate predicate,
                              const APFloat &bound) {
  auto element = cast<FloatType>(getElementTypeOrSelf(x.getType()));
  Value limit = splat(b, loc, x.getType(), b.getFloatAttr(element, bound));
  Value magnitude = math::AbsFOp::create(b, loc, x);
  return arith::CmpFOp::create(b, loc, predicate, magnitude, limit);
}

struct ExpandIsInf : public OpRewritePattern<math::IsInfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::IsInfOp op,
                                PatternRewriter &rewriter) const override {
    Value x = op.getOperand();
    auto element = cast<FloatType>(getElementTypeOrSelf(x.getType()));
    rewriter.replaceOp(op, compareMagnitude(
                               rewriter, op.getLoc(), x,
                               arith::CmpFPredicate::OEQ,
                               APFloat::getInf(element.getFloatSemantics())));
    return success();
  }
};

struct ExpandIsNormal : public OpRewritePattern<math::IsNormalOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::IsNormalOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = op.getOperand();
    const llvm::fltSemantics &sem =
        cast<FloatType>(getElementTypeOrSelf(x.getType())).getFloatSemantics();
    Value notSmall = compareMagnitude(rewriter, loc, x,
                                      arith::CmpFPredicate::OGE,
                                      APFloat::getSmallestNormalized(sem));
    Value finite = compareMagnitude(rewriter, loc, x, arith::CmpFPredicate::OLT,
                                    APFloat::getInf(sem));
    rewriter.replaceOpWithNewOp<arith::AndIOp>(op, notSmall, finite);
    return success();
  }
};

/// b^n by square-and-multiply over every bit of n (unrolled: no loop, so
/// that it works on vectors and in GPU kernels alike).
struct ExpandIPowI : public OpRewritePattern<math::IPowIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::IPowIOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value base = op.getLhs(), n = op.getRhs();
    Type type = base.getType();
    unsigned width = getElementTypeOrSelf(type).getIntOrFloatBitWidth();
    auto constant = [&](int64_t v) {
      return intConstant(rewriter, loc, type, v);
    };
    auto cmp = [&](arith::CmpIPredicate predicate, Value x, Value y) {
      return arith::CmpIOp::create(rewriter, loc, predicate, x, y);
    };
    Value zero = constant(0), one = constant(1), minusOne = constant(-1);
    Value result = one, power = base;
    for (unsigned bit = 0; bit + 1 < width; ++bit) {
      Value shifted = arith::ShRUIOp::create(rewriter, loc, n, constant(bit));
      Value set = cmp(arith::CmpIPredicate::ne,
                      arith::AndIOp::create(rewriter, loc, shifted, one), zero);
      result = arith::SelectOp::create(
          rewriter, loc, set, arith::MulIOp::create(rewriter, loc, result, power),
          result);
      if (bit + 2 < width)
        power = arith::MulIOp::create(rewriter, loc, power, power);
    }
    // Negative exponents: 1 / b^|n| in integers.
    Value odd = cmp(arith::CmpIPredicate::ne,
                    arith::AndIOp::create(rewriter, loc, n, one), zero);
    Value ofMinusOne =
        arith::SelectOp::create(rewriter, loc, odd, minusOne, one);
    Value negative = arith::SelectOp::create(
        rewriter, loc, cmp(arith::CmpIPredicate::eq, base, one), one,
        arith::SelectOp::create(rewriter, loc,
                                cmp(arith::CmpIPredicate::eq, base, minusOne),
                                ofMinusOne, zero));
    rewriter.replaceOpWithNewOp<arith::SelectOp>(
        op, cmp(arith::CmpIPredicate::slt, n, zero), negative, result);
    return success();
  }
};
/// The low and high halves of a full product (`arith.mulsi_extended`,
/// `arith.mului_extended`) from one product in twice the width.
template <typename OpTy, typename ExtOp>
struct ExpandMulExtended : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getLhs().getType();
    unsigned width = getElementTypeOrSelf(type).getIntOrFloatBitWidth();
    Type wideElement = rewriter.getIntegerType(2 * width);
    Type wide = wideElement;
    if (auto shaped = dyn_cast<ShapedType>(type))
      wide = shaped.clone(wideElement);
    Value product = arith::MulIOp::create(
        rewriter, loc, ExtOp::create(rewriter, loc, wide, op.getLhs()),
        ExtOp::create(rewriter, loc, wide, op.getRhs()));
    Value low = arith::TruncIOp::create(rewriter, loc, type, product);
    Value high = arith::TruncIOp::create(
        rewriter, loc, type,
        arith::ShRUIOp::create(rewriter, loc, product,
                               intConstant(rewriter, loc, wide, width)));
    rewriter.replaceOp(op, {low, high});
    return success();
  }
};
} // namespace

void mlir::tuner::populateMathExpansionPatterns(RewritePatternSet &patterns) {
  patterns.add<ExpandAbsI, ExpandCttz, ExpandIsInf, ExpandIsNormal,
               ExpandIPowI,
               ExpandMulExtended<arith::MulSIExtendedOp, arith::ExtSIOp>,
               ExpandMulExtended<arith::MulUIExtendedOp, arith::ExtUIOp>>(
      patterns.getContext());
}
