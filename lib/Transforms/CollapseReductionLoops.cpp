//===- CollapseReductionLoops.cpp - adjacent reduction loops as one -------===//
//
// A reduction over several loops (a group norm's statistics over the
// channels of a group and the pixels, a full reduction of a matrix) is a
// row reduction over one loop whenever every operand reads those loops as
// one contiguous run of dimensions, in order. tuner-collapse-reduction-loops
// collapses each such run into one loop (upstream's
// linalg::collapseOpIterationDims, the operands reshaped), so that the GPU
// row-reduction schedule, which takes one reduction loop, applies.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"
#include "Tuner/Transforms/Prepare.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERCOLLAPSEREDUCTIONLOOPS
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

/// The loops of `op` grouped for collapsing: every maximal run of adjacent
/// reduction loops that all of `op`'s maps read contiguously and in order
/// is one group, every other loop a group of its own. Empty when no run of
/// two or more loops qualifies.
static SmallVector<ReassociationIndices>
getReductionRuns(linalg::GenericOp op) {
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  SmallVector<ReassociationIndices> groups;
  bool collapses = false;
  for (int64_t i = 0, e = iterators.size(); i < e; ++i) {
    ReassociationIndices run = {i};
    if (iterators[i] == utils::IteratorType::reduction) {
      // Grow the run while the longer run stays contiguous in every map.
      while (run.back() + 1 < e &&
             iterators[run.back() + 1] == utils::IteratorType::reduction) {
        ReassociationIndices longer = run;
        longer.push_back(run.back() + 1);
        if (!linalg::areDimSequencesPreserved(maps, {longer}))
          break;
        run = std::move(longer);
      }
    }
    collapses |= run.size() > 1;
    i = run.back();
    groups.push_back(std::move(run));
  }
  if (!collapses)
    return {};
  return groups;
}

LogicalResult mlir::tuner::collapseReductionLoops(Operation *root) {
  SmallVector<linalg::GenericOp> ops;
  root->walk([&](linalg::GenericOp op) {
    // areDimSequencesPreserved takes projected permutations only.
    if (op.hasPureTensorSemantics() && op.getNumReductionLoops() > 1 &&
        !op.hasDynamicShape() &&
        llvm::all_of(op.getIndexingMapsArray(), [](AffineMap map) {
          return map.isProjectedPermutation();
        }))
      ops.push_back(op);
  });
  IRRewriter rewriter(root->getContext());
  for (linalg::GenericOp op : ops) {
    SmallVector<ReassociationIndices> groups = getReductionRuns(op);
    if (groups.empty())
      continue;
    rewriter.setInsertionPoint(op);
    FailureOr<linalg::CollapseResult> collapsed =
        linalg::collapseOpIterationDims(op, groups, rewriter);
    if (failed(collapsed))
      continue; // the op stays as it was
    rewriter.replaceOp(op, collapsed->results);
  }
  return success();
}

namespace {
struct TunerCollapseReductionLoopsPass
    : public tuner::impl::TunerCollapseReductionLoopsBase<
          TunerCollapseReductionLoopsPass> {
  void runOnOperation() override {
    if (failed(collapseReductionLoops(getOperation())))
      signalPassFailure();
  }
};
} // namespace
