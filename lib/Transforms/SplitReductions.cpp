//===- SplitReductions.cpp - long reductions in two passes ----------------===//
//
// A GPU reduction takes a block per result row (gpu.reduction: up to 8
// warps per row). When a program has fewer rows than the device has SMs and
// the rows are long (a full sum, a group norm's statistics of a large
// image), most of the device idles while a few blocks stream the data.
// tuner-split-reductions splits such a row reduction into partials
// (upstream's linalg::splitReduction: each row read as R consecutive
// pieces, a reduction per piece into a [rows, R] tensor) and a reduction
// of the partials, so that rows x R blocks share the work.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"
#include "Tuner/Transforms/Prepare.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERSPLITREDUCTIONS
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

namespace {

/// The shortest piece of a row a partial reduces: a block of 4 warps still
/// gets 8 elements per lane.
constexpr int64_t kMinPiece = 1024;
/// The shortest row split: one block of 8 warps takes up to 8192 elements
/// at 32 per lane, where a second launch would cost more than it saves.
constexpr int64_t kMinRow = 8192;

/// The number of pieces to split each row of `op` into (0: leave it), for
/// at least `minBlocks` rows x pieces: a static generic on tensors with one
/// init and one reduction loop, innermost, fewer rows than `minBlocks`,
/// rows of at least kMinRow elements; the fewest pieces (dividing the
/// row, at least kMinPiece long) that reach `minBlocks`, else the most.
int64_t getPieces(linalg::LinalgOp op, int64_t minBlocks) {
  if (!isa<linalg::GenericOp>(op) || !op.hasPureTensorSemantics() ||
      op.hasDynamicShape() || op.getNumDpsInits() != 1 ||
      op.getNumReductionLoops() != 1 || op.hasIndexSemantics() ||
      op.getIteratorTypesArray().back() != utils::IteratorType::reduction)
    return 0;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t k = ranges.back(), rows = 1;
  for (int64_t extent : ArrayRef(ranges).drop_back())
    rows *= extent;
  if (rows >= minBlocks || k < kMinRow)
    return 0;
  int64_t best = 0;
  for (int64_t pieces = 2; k / pieces >= kMinPiece; ++pieces) {
    if (k % pieces)
      continue;
    best = pieces;
    if (rows * pieces >= minBlocks)
      break;
  }
  return best;
}

} // namespace

LogicalResult mlir::tuner::splitReductions(Operation *root, int64_t minBlocks) {
  SmallVector<std::pair<linalg::LinalgOp, int64_t>> ops;
  root->walk([&](linalg::LinalgOp op) {
    if (int64_t pieces = getPieces(op, minBlocks))
      ops.push_back({op, pieces});
  });
  IRRewriter rewriter(root->getContext());
  for (auto [op, pieces] : ops) {
    rewriter.setInsertionPoint(op);
    int64_t p = pieces;
    unsigned rowLoops = op.getNumLoops() - 1;
    // The pieces as a parallel loop after the rows' (the partials are
    // [rows, pieces]), each piece's elements the inner reduction loop.
    auto control = [&](linalg::LinalgOp) {
      return linalg::SplitReductionOptions{p, rowLoops,
                                           /*innerParallel=*/false};
    };
    // A combiner without a neutral element, or a body splitReduction does
    // not take: the op stays as it was.
    (void)linalg::splitReduction(rewriter, op, control);
  }
  return success();
}

namespace {
struct TunerSplitReductionsPass
    : public tuner::impl::TunerSplitReductionsBase<TunerSplitReductionsPass> {
  using TunerSplitReductionsBase::TunerSplitReductionsBase;

  void runOnOperation() override {
    if (failed(splitReductions(getOperation(), minBlocks)))
      signalPassFailure();
  }
};
} // namespace
