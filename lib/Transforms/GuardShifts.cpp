//===- GuardShifts.cpp - tuner-guard-shifts -------------------------------===//
//
// Shifts by amounts of the bit width or more (or negative ones, read
// unsigned) are poison in arith; x86's scalar shifts take the amount modulo
// the width and its vector shifts saturate, so a scheduled program and its
// unscheduled reference disagreed on them (see the pass description in
// Passes.td).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERGUARDSHIFTS
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;

/// The bit width of `type`'s (signless integer) elements; 0 for index.
static unsigned getShiftWidth(Type type) {
  auto element = dyn_cast<IntegerType>(getElementTypeOrSelf(type));
  return element ? element.getWidth() : 0;
}

/// A constant of `type` (scalar or shaped) whose elements are `value`.
static Value createSplat(OpBuilder &b, Location loc, Type type, int64_t value) {
  Type element = getElementTypeOrSelf(type);
  TypedAttr attr = b.getIntegerAttr(element, value);
  if (auto shaped = dyn_cast<ShapedType>(type))
    attr = DenseElementsAttr::get(shaped, attr);
  return arith::ConstantOp::create(b, loc, attr);
}

/// Whether every amount `amount` may hold is below `width`: a constant
/// below it, or the minui by width - 1 this pass makes.
static bool isInRange(Value amount, unsigned width) {
  APInt constant;
  if (matchPattern(amount, m_ConstantInt(&constant)))
    return constant.ult(width);
  DenseIntElementsAttr constants;
  if (matchPattern(amount, m_Constant(&constants)))
    return llvm::all_of(constants.getValues<APInt>(),
                        [&](const APInt &v) { return v.ult(width); });
  auto min = amount.getDefiningOp<arith::MinUIOp>();
  return min &&
         (isInRange(min.getLhs(), width) || isInRange(min.getRhs(), width));
}

namespace {
/// shrsi(x, a) -> shrsi(x, minui(a, w - 1)): the sign fills the result.
struct GuardArithmeticShift : public OpRewritePattern<arith::ShRSIOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::ShRSIOp op,
                                PatternRewriter &rewriter) const override {
    Value amount = op.getRhs();
    unsigned width = getShiftWidth(amount.getType());
    if (width == 0 || isInRange(amount, width))
      return failure();
    Value last =
        createSplat(rewriter, op.getLoc(), amount.getType(), width - 1);
    Value clamped = arith::MinUIOp::create(rewriter, op.getLoc(), amount, last);
    rewriter.modifyOpInPlace(op, [&] { op.getRhsMutable().assign(clamped); });
    return success();
  }
};

/// shli/shrui(x, a) -> select(a <u w, shift(x, a), 0).
template <typename ShiftOp>
struct GuardLogicalShift : public OpRewritePattern<ShiftOp> {
  using OpRewritePattern<ShiftOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(ShiftOp op,
                                PatternRewriter &rewriter) const override {
    Value amount = op.getRhs();
    unsigned width = getShiftWidth(amount.getType());
    if (width == 0 || isInRange(amount, width) || isGuarded(op))
      return failure();
    Location loc = op.getLoc();
    rewriter.setInsertionPointAfter(op);
    Value inRange = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ult, amount,
        createSplat(rewriter, loc, amount.getType(), width));
    Value zero = createSplat(rewriter, loc, amount.getType(), 0);
    auto select =
        arith::SelectOp::create(rewriter, loc, inRange, op.getResult(), zero);
    rewriter.replaceAllUsesExcept(op.getResult(), select.getResult(), select);
    return success();
  }

  /// Whether `op`'s only user is the select this pattern makes.
  static bool isGuarded(ShiftOp op) {
    if (!op->hasOneUse())
      return false;
    auto select = dyn_cast<arith::SelectOp>(*op->user_begin());
    auto cmp =
        select ? select.getCondition().template getDefiningOp<arith::CmpIOp>()
               : nullptr;
    return cmp && cmp.getPredicate() == arith::CmpIPredicate::ult &&
           cmp.getLhs() == op.getRhs() &&
           select.getTrueValue() == op.getResult() &&
           matchPattern(select.getFalseValue(), m_Zero());
  }
};

struct TunerGuardShiftsPass
    : public tuner::impl::TunerGuardShiftsBase<TunerGuardShiftsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<GuardArithmeticShift, GuardLogicalShift<arith::ShLIOp>,
                 GuardLogicalShift<arith::ShRUIOp>>(&getContext());
    // One rewrite per shift, no folding of what it made: a walk.
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};
} // namespace
