//===- PromoteScalarResults.cpp - 0-d results as 1-element tensors --------===//
//
// A linalg op whose results are 0-d (a full reduction, the arithmetic on its
// value) has no result loop a GPU schedule could map to blocks and threads,
// so it would stay on the host. tuner-promote-scalar-results gives such ops
// a leading parallel loop of one iteration: their inits are expanded to
// tensor<1xT>, their results collapsed back to 0-d, so that the program's
// types do not change and chains of such ops fold their reshapes away.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"
#include "Tuner/Transforms/Prepare.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERPROMOTESCALARRESULTS
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

/// Whether every init of `op` is a 0-d tensor (and it has one).
static bool hasScalarResults(linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInits() == 0)
    return false;
  return llvm::all_of(op.getDpsInits(), [](Value init) {
    auto type = dyn_cast<RankedTensorType>(init.getType());
    return type && type.getRank() == 0;
  });
}

/// `generic` with a leading parallel loop of one iteration that indexes its
/// (expanded) inits; its results collapsed back to 0-d.
static SmallVector<Value> promote(RewriterBase &rewriter,
                                  linalg::GenericOp generic) {
  Location loc = generic.getLoc();
  MLIRContext *ctx = generic.getContext();
  unsigned numLoops = generic.getNumLoops() + 1;
  SmallVector<AffineMap> maps;
  for (OpOperand *input : generic.getDpsInputOperands())
    maps.push_back(generic.getMatchingIndexingMap(input).shiftDims(1));
  SmallVector<Value> inits;
  for (Value init : generic.getDpsInits()) {
    auto type = cast<RankedTensorType>(init.getType());
    inits.push_back(tensor::ExpandShapeOp::create(
        rewriter, loc, RankedTensorType::get({1}, type.getElementType()), init,
        ArrayRef<ReassociationIndices>{}));
    maps.push_back(AffineMap::get(numLoops, 0, getAffineDimExpr(0, ctx)));
  }
  SmallVector<utils::IteratorType> iterators = {utils::IteratorType::parallel};
  llvm::append_range(iterators, generic.getIteratorTypesArray());
  auto promoted =
      linalg::GenericOp::create(rewriter, loc, ValueRange(inits).getTypes(),
                                generic.getDpsInputs(), inits, maps, iterators);
  rewriter.inlineRegionBefore(generic.getRegion(), promoted.getRegion(),
                              promoted.getRegion().end());
  // The loops moved one place in.
  promoted.getBody()->walk([&](linalg::IndexOp index) {
    rewriter.setInsertionPoint(index);
    rewriter.replaceOpWithNewOp<linalg::IndexOp>(index, index.getDim() + 1);
  });
  rewriter.setInsertionPointAfter(promoted);
  SmallVector<Value> results;
  for (auto [result, old] :
       llvm::zip(promoted.getResults(), generic.getResults()))
    results.push_back(
        tensor::CollapseShapeOp::create(rewriter, loc, old.getType(), result,
                                        ArrayRef<ReassociationIndices>{}));
  return results;
}

LogicalResult mlir::tuner::promoteScalarResults(Operation *root) {
  SmallVector<linalg::LinalgOp> ops;
  root->walk([&](linalg::LinalgOp op) {
    if (hasScalarResults(op))
      ops.push_back(op);
  });
  IRRewriter rewriter(root->getContext());
  for (linalg::LinalgOp op : ops) {
    rewriter.setInsertionPoint(op);
    auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
    if (!generic) {
      FailureOr<linalg::GenericOp> generalized =
          linalg::generalizeNamedOp(rewriter, op);
      if (failed(generalized))
        continue; // left on the host, as before
      generic = *generalized;
    }
    rewriter.setInsertionPoint(generic);
    SmallVector<Value> results = promote(rewriter, generic);
    rewriter.replaceOp(generic, results);
  }
  return success();
}

namespace {
struct TunerPromoteScalarResultsPass
    : public tuner::impl::TunerPromoteScalarResultsBase<
          TunerPromoteScalarResultsPass> {
  void runOnOperation() override {
    if (failed(promoteScalarResults(getOperation())))
      signalPassFailure();
  }
};
} // namespace
