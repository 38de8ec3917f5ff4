//===- GPULegalizeMath.cpp - the tuner-gpu-legalize-math pass -------------===//
//
// Math ops in the forms libdevice implements, before the NVVM conversion
// turns them into its calls (see the pass description in Passes.td).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/MathExpansions.h"
#include "Tuner/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
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

/// `arith.remf` on a 1-D vector as the remainders of its elements: the NVVM
/// conversion calls libdevice's __nv_fmodf for a scalar remf only, and the
/// vector one became an llvm.frem it rejects (torch's fmod and remainder on
/// floats, a vector of one element per thread of gpu.elementwise).
struct ScalarizeVectorRemF : public OpRewritePattern<arith::RemFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::RemFOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<VectorType>(op.getType());
    if (!type || type.getRank() != 1 || type.isScalable() ||
        !op->getParentOfType<gpu::LaunchOp>())
      return rewriter.notifyMatchFailure(op, "not a 1-D vector in a kernel");
    Location loc = op.getLoc();
    SmallVector<Value> elements;
    for (int64_t i = 0, e = type.getDimSize(0); i < e; ++i) {
      Value lhs = vector::ExtractOp::create(rewriter, loc, op.getLhs(), i);
      Value rhs = vector::ExtractOp::create(rewriter, loc, op.getRhs(), i);
      elements.push_back(
          arith::RemFOp::create(rewriter, loc, lhs, rhs, op.getFastmathAttr()));
    }
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, type, elements);
    return success();
  }
};

/// A scalar `arith.remf` in a kernel as a call of libdevice's fmod
/// (`__nv_fmodf`, `__nv_fmod`; f16 and bf16 through f32, exactly: fmod
/// rounds nothing): the NVVM conversion has no pattern for it and rejects
/// the `llvm.frem` the arith conversion makes.
struct RemFToLibdevice : public OpRewritePattern<arith::RemFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::RemFOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<FloatType>(op.getType());
    if (!type || !op->getParentOfType<gpu::LaunchOp>())
      return rewriter.notifyMatchFailure(op, "not a scalar in a kernel");
    auto module = op->getParentOfType<ModuleOp>();
    if (!module)
      return failure();
    Type callType = type.isF64() ? type : rewriter.getF32Type();
    StringRef name = type.isF64() ? "__nv_fmod" : "__nv_fmodf";
    auto fn = module.lookupSymbol<func::FuncOp>(name);
    if (!fn) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      fn = func::FuncOp::create(
          rewriter, module.getLoc(), name,
          rewriter.getFunctionType({callType, callType}, {callType}));
      fn.setPrivate();
    }
    Location loc = op.getLoc();
    auto widen = [&](Value v) -> Value {
      return v.getType() == callType
                 ? v
                 : arith::ExtFOp::create(rewriter, loc, callType, v);
    };
    Value rem =
        func::CallOp::create(rewriter, loc, fn,
                             ValueRange{widen(op.getLhs()), widen(op.getRhs())})
            .getResult(0);
    if (callType != type)
      rem = arith::TruncFOp::create(rewriter, loc, type, rem);
    rewriter.replaceOp(op, rem);
    return success();
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
    legalize.add<NarrowPowIExponent, ScalarizeVectorRemF, RemFToLibdevice>(
        &getContext());
    tuner::populateMathExpansionPatterns(legalize);
    if (failed(applyPatternsGreedily(getOperation(), std::move(legalize))))
      return signalPassFailure();
  }
};
} // namespace
