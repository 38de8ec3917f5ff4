//===- GuardVectorDivisions.cpp - tuner-guard-vector-divisions ------------===//
//
// Integer divisions of vectors with no zero divisor in any lane: the lanes
// a mask leaves out of a partial tile hold the padding 0 (see the pass
// description in Passes.td).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERGUARDVECTORDIVISIONS
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;

namespace {
/// Replaces the divisor `b` of an integer division of vectors by
/// select(b == 0, 1, b) unless `b` is a constant without zeros.
template <typename DivOp> struct GuardDivisor : public OpRewritePattern<DivOp> {
  using OpRewritePattern<DivOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(DivOp op,
                                PatternRewriter &rewriter) const override {
    Value divisor = op.getRhs();
    auto type = dyn_cast<VectorType>(divisor.getType());
    if (!type || isGuarded(divisor))
      return failure();
    Location loc = op.getLoc();
    Value zero =
        arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(type));
    Value one = arith::ConstantOp::create(
        rewriter, loc,
        DenseElementsAttr::get(
            type, rewriter.getIntegerAttr(type.getElementType(), 1)));
    Value isZero = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq, divisor, zero);
    Value safe = arith::SelectOp::create(rewriter, loc, isZero, one, divisor);
    rewriter.modifyOpInPlace(op, [&] { op.getRhsMutable().assign(safe); });
    return success();
  }

  /// Whether `divisor` cannot be zero in any lane: a constant without
  /// zeros, or a select this pattern made.
  static bool isGuarded(Value divisor) {
    DenseIntElementsAttr constant;
    if (matchPattern(divisor, m_Constant(&constant)))
      return llvm::none_of(constant.getValues<APInt>(),
                           [](const APInt &v) { return v.isZero(); });
    auto select = divisor.getDefiningOp<arith::SelectOp>();
    if (!select || !matchPattern(select.getTrueValue(), m_One()))
      return false;
    auto cmp = select.getCondition().getDefiningOp<arith::CmpIOp>();
    return cmp && cmp.getPredicate() == arith::CmpIPredicate::eq &&
           cmp.getLhs() == select.getFalseValue() &&
           matchPattern(cmp.getRhs(), m_Zero());
  }
};

struct TunerGuardVectorDivisionsPass
    : public tuner::impl::TunerGuardVectorDivisionsBase<
          TunerGuardVectorDivisionsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns
        .add<GuardDivisor<arith::DivSIOp>, GuardDivisor<arith::DivUIOp>,
             GuardDivisor<arith::RemSIOp>, GuardDivisor<arith::RemUIOp>,
             GuardDivisor<arith::CeilDivSIOp>, GuardDivisor<arith::CeilDivUIOp>,
             GuardDivisor<arith::FloorDivSIOp>>(&getContext());
    // One rewrite per division, no folding of what it made: a walk.
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};
} // namespace
