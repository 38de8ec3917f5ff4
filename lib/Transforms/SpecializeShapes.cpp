//===- SpecializeShapes.cpp - static sizes for dynamic dimensions --------===//
//
// The tuner measures what it schedules, so it extracts only ops of static
// shapes. A public function whose tensor arguments have dynamic dimensions
// is specialized: each argument's dynamic dimensions take the given sizes,
// a tensor.cast back to the dynamic type at the entry keeps the body valid,
// and canonicalization carries the static shapes into the ops (casts fold
// into their consumers, tensor.dim of a static tensor into a constant). A
// returned value that became static, behind a cast to the old dynamic type,
// is returned as the static type.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERSPECIALIZESHAPES
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

/// `type` with its dynamic dimensions given `sizes` in order, the last one
/// repeated.
static RankedTensorType specialize(RankedTensorType type,
                                   ArrayRef<int64_t> sizes) {
  SmallVector<int64_t> shape(type.getShape());
  unsigned next = 0;
  for (int64_t &d : shape)
    if (ShapedType::isDynamic(d))
      d = sizes[std::min<unsigned>(next++, sizes.size() - 1)];
  return type.clone(shape);
}

/// Gives the dynamic tensor arguments of `func` static types, behind casts
/// to the old types. Returns whether an argument changed.
static bool specializeArguments(func::FuncOp func, ArrayRef<int64_t> sizes) {
  Block &entry = func.getBody().front();
  OpBuilder b = OpBuilder::atBlockBegin(&entry);
  bool changed = false;
  for (BlockArgument arg : entry.getArguments()) {
    auto type = dyn_cast<RankedTensorType>(arg.getType());
    if (!type || type.hasStaticShape())
      continue;
    arg.setType(specialize(type, sizes));
    auto cast = tensor::CastOp::create(b, func.getLoc(), type, arg);
    arg.replaceAllUsesExcept(cast.getResult(), cast);
    changed = true;
  }
  return changed;
}

/// Returns the static source of each returned cast to a dynamic type (the
/// casts left unused go), and updates the function's type to the
/// arguments' and results' types.
static void updateFunctionType(func::FuncOp func) {
  SmallVector<func::ReturnOp> returns;
  func.walk([&](func::ReturnOp ret) { returns.push_back(ret); });
  // With several returns, their types would have to agree: left dynamic.
  if (returns.size() == 1) {
    func::ReturnOp ret = returns.front();
    for (OpOperand &operand : ret->getOpOperands())
      if (auto cast = operand.get().getDefiningOp<tensor::CastOp>())
        if (auto source =
                dyn_cast<RankedTensorType>(cast.getSource().getType());
            source && source.hasStaticShape())
          operand.set(cast.getSource());
  }
  func.walk([](tensor::CastOp cast) {
    if (cast->use_empty())
      cast->erase();
  });
  SmallVector<Type> results(func.getResultTypes());
  if (returns.size() == 1)
    results.assign(returns.front()->getOperandTypes().begin(),
                   returns.front()->getOperandTypes().end());
  func.setType(FunctionType::get(
      func.getContext(), func.getBody().front().getArgumentTypes(), results));
}

namespace {
struct TunerSpecializeShapesPass
    : public tuner::impl::TunerSpecializeShapesBase<TunerSpecializeShapesPass> {
  using Base::Base;

  /// The canonicalization patterns of every loaded dialect and op, built
  /// once (as the canonicalizer does).
  LogicalResult initialize(MLIRContext *ctx) override {
    RewritePatternSet patterns(ctx);
    for (Dialect *dialect : ctx->getLoadedDialects())
      dialect->getCanonicalizationPatterns(patterns);
    for (RegisteredOperationName op : ctx->getRegisteredOperations())
      op.getCanonicalizationPatterns(patterns, ctx);
    canonicalization = FrozenRewritePatternSet(std::move(patterns));
    return success();
  }

  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (func.isExternal() || func.isPrivate() ||
          llvm::all_of(func.getArgumentTypes(), isStatic))
        continue;
      if (sizes.empty()) {
        func.emitError() << "tuner-specialize-shapes: '" << func.getName()
                         << "' has dynamic dimensions: give their sizes "
                            "with sizes=...";
        return signalPassFailure();
      }
      if (llvm::any_of(sizes, [](int64_t s) { return s < 1; })) {
        func.emitError() << "tuner-specialize-shapes: sizes must be at "
                            "least 1";
        return signalPassFailure();
      }
      if (!specializeArguments(func, sizes))
        continue;
      if (failed(applyPatternsGreedily(func, canonicalization)))
        func.emitWarning() << "tuner-specialize-shapes: canonicalization "
                              "did not converge";
      updateFunctionType(func);
    }
  }

  FrozenRewritePatternSet canonicalization;

  /// Whether `type` is not a tensor with a dynamic dimension.
  static bool isStatic(Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    return !tensor || tensor.hasStaticShape();
  }
};
} // namespace
