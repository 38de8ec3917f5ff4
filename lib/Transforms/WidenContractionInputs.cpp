//===- WidenContractionInputs.cpp - f32 operands for f32 accumulations ----===//
//
// A contraction with bf16 or f16 inputs that accumulates in f32 extends each
// input element inside its innermost loop, M*N*K times. This rewrite
// extends each input once, in an elementwise op of its own (M*K and K*N
// conversions; for a constant weight, none at run time: the extension folds
// at compile time), and leaves an f32 contraction that the f32 register
// tiles handle at full speed. The result is the same: extending a bf16 or
// f16 value to f32 is exact. Inputs wider than the accumulator (f64 x f64
// -> f32), which linalg truncates to it before multiplying, are truncated
// once the same way (the GPU's vector lowering only extends them).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Analysis/OpClass.h"
#include "Tuner/Transforms/Passes.h"
#include "Tuner/Transforms/Prepare.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERWIDENCONTRACTIONINPUTS
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

/// The only user of `arg` (a payload argument of an input) when it converts
/// it to the accumulator's type: an arith.extf to an accumulator of 32 bits
/// or more, or an arith.truncf; null otherwise.
static Operation *getOnlyConversion(BlockArgument arg, Type accumulator) {
  if (!arg.hasOneUse())
    return nullptr;
  Operation *user = *arg.getUsers().begin();
  if (user->getNumResults() != 1 || user->getResult(0).getType() != accumulator)
    return nullptr;
  if (isa<arith::ExtFOp>(user) && accumulator.getIntOrFloatBitWidth() >= 32)
    return user;
  return isa<arith::TruncFOp>(user) ? user : nullptr;
}

/// Rewrites one generic contraction; fails when no input is only converted
/// to the accumulator's type (getOnlyConversion).
static LogicalResult widenInputs(RewriterBase &rewriter,
                                 linalg::GenericOp op) {
  if (op.getNumDpsInits() != 1 || !op.hasPureTensorSemantics())
    return failure();
  Type accumulator = getElementTypeOrSelf(op.getDpsInits()[0].getType());
  if (!isa<FloatType>(accumulator))
    return failure();
  Block *body = op.getBlock();
  SmallVector<unsigned> widened;
  for (OpOperand *input : op.getDpsInputOperands()) {
    auto type = dyn_cast<RankedTensorType>(input->get().getType());
    BlockArgument arg = body->getArgument(input->getOperandNumber());
    if (type && type.hasStaticShape() && getOnlyConversion(arg, accumulator))
      widened.push_back(input->getOperandNumber());
  }
  if (widened.empty())
    return failure();

  rewriter.setInsertionPoint(op);
  SmallVector<Value> inputs = op.getDpsInputs();
  for (unsigned i : widened)
    inputs[i] = castTensorElements(rewriter, op.getLoc(), inputs[i],
                                   cast<FloatType>(accumulator));
  auto result = linalg::GenericOp::create(
      rewriter, op.getLoc(), op.getResultTypes(), inputs, op.getDpsInits(),
      op.getIndexingMapsArray(), op.getIteratorTypesArray(),
      [&](OpBuilder &b, Location loc, ValueRange args) {
        IRMapping mapping;
        for (auto [old, arg] : llvm::zip(body->getArguments(), args))
          mapping.map(old, arg);
        for (unsigned i : widened)
          mapping.map(
              getOnlyConversion(body->getArgument(i), accumulator)->getResult(0),
              args[i]);
        for (Operation &nested : body->without_terminator())
          if (!mapping.contains(nested.getResult(0)))
            b.clone(nested, mapping);
        b.clone(*body->getTerminator(), mapping);
      });
  rewriter.replaceOp(op, result->getResults());
  return success();
}

LogicalResult mlir::tuner::widenContractionInputs(Operation *root) {
  SmallVector<linalg::LinalgOp> contractions;
  root->walk([&](linalg::LinalgOp op) {
    if (classifyOp(op) != OpClass::Contraction || op.getNumDpsInits() != 1 ||
        isPackedBF16Dot(op))
      return;
    auto accumulator =
        dyn_cast<FloatType>(getElementTypeOrSelf(op.getDpsInits()[0].getType()));
    if (!accumulator)
      return;
    bool converted = llvm::any_of(op.getDpsInputs(), [&](Value v) {
      auto element = dyn_cast<FloatType>(getElementTypeOrSelf(v.getType()));
      return element && ((element.getWidth() < 32 && accumulator.isF32()) ||
                         element.getWidth() > accumulator.getWidth());
    });
    if (converted)
      contractions.push_back(op);
  });
  IRRewriter rewriter(root->getContext());
  for (linalg::LinalgOp op : contractions) {
    rewriter.setInsertionPoint(op);
    linalg::GenericOp generic = dyn_cast<linalg::GenericOp>(op.getOperation());
    if (!generic) {
      FailureOr<linalg::GenericOp> generalized =
          linalg::generalizeNamedOp(rewriter, op);
      if (failed(generalized))
        continue;
      generic = *generalized;
    }
    (void)widenInputs(rewriter, generic);
  }
  return success();
}

namespace {
struct TunerWidenContractionInputsPass
    : public tuner::impl::TunerWidenContractionInputsBase<
          TunerWidenContractionInputsPass> {
  void runOnOperation() override {
    if (failed(widenContractionInputs(getOperation())))
      signalPassFailure();
  }
};
} // namespace
