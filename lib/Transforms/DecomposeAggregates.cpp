//===- DecomposeAggregates.cpp - aggregate ops to linalg ops --------------===//
//
// linalg.softmax (an op of the AggregatedOpInterface) has no schedule and no
// lowering to loops of its own: it becomes the linalg ops it stands for;
// so do linalg.pack and linalg.unpack. Elementwise arith and math ops on
// tensors become linalg.generic ops.
// Part of tuner-prepare and of the lowering pipelines (so that a program
// that was not prepared, a reference, still lowers).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"
#include "Tuner/Transforms/Prepare.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/PassManager.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERDECOMPOSEAGGREGATES
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

/// A pack or unpack of no elements is its destination (upstream's
/// lowerings build invalid slices of it).
static LogicalResult foldEmptyRelayout(RewriterBase &rewriter, Operation *op) {
  Value dest = op->getOperand(1);
  auto type = dyn_cast<RankedTensorType>(dest.getType());
  if (op->getNumResults() != 1 || !type || !type.hasStaticShape() ||
      type.getNumElements() != 0)
    return failure();
  rewriter.replaceOp(op, dest);
  return success();
}

LogicalResult mlir::tuner::decomposeAggregateOps(Operation *root) {
  SmallVector<linalg::AggregatedOpInterface> aggregates;
  root->walk([&](linalg::AggregatedOpInterface op) {
    // Only aggregates on tensors: the decompositions build tensor ops.
    if (llvm::all_of(op->getOperandTypes(), llvm::IsaPred<TensorType>))
      aggregates.push_back(op);
  });
  IRRewriter rewriter(root->getContext());
  for (linalg::AggregatedOpInterface op : aggregates) {
    rewriter.setInsertionPoint(op);
    FailureOr<SmallVector<Value>> values = op.decomposeOperation(rewriter);
    if (failed(values))
      continue; // left as it is; extraction warns about it
    rewriter.replaceOp(op, *values);
  }
  // linalg.pack and linalg.unpack on tensors (data-tiled programs, as
  // IREE's exports have them) do not bufferize: a pad, a reshape and a
  // transpose, which the sketches schedule (and the reverse).
  SmallVector<Operation *> packs;
  root->walk([&](Operation *op) {
    if (isa<linalg::PackOp, linalg::UnPackOp>(op))
      packs.push_back(op);
  });
  // (Each fails, leaving the op as it is, on memrefs and dynamic tiles.)
  for (Operation *op : packs) {
    rewriter.setInsertionPoint(op);
    if (succeeded(foldEmptyRelayout(rewriter, op)))
      continue;
    if (auto pack = dyn_cast<linalg::PackOp>(op))
      (void)linalg::lowerPack(rewriter, pack);
    else
      (void)linalg::lowerUnPack(rewriter, cast<linalg::UnPackOp>(op));
  }
  // Elementwise ops on whole tensors (arith.addf of tensors, arith.select
  // with a tensor condition) have no schedule and do not bufferize.
  PassManager pm(root->getContext(), root->getName().getStringRef());
  pm.addPass(createConvertElementwiseToLinalgPass());
  return pm.run(root);
}

namespace {
struct TunerDecomposeAggregatesPass
    : public tuner::impl::TunerDecomposeAggregatesBase<
          TunerDecomposeAggregatesPass> {
  void runOnOperation() override {
    if (failed(decomposeAggregateOps(getOperation())))
      signalPassFailure();
  }
};
} // namespace
