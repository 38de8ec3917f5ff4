//===- FuseElementwise.cpp - fuse elementwise ops across the graph --------===//
//
// Frontends write a bias add as a broadcast op and an add op, a softmax as
// five ops each writing a full tensor, and put transposes and reshapes
// between them. Scheduled one by one, each would read and write memory once:
// here they are fused, with upstream's elementwise fusion and reshape
// propagation, under a policy that suits the sketches:
//
// - named elementwise ops (linalg.add, linalg.transpose, linalg.broadcast,
//   ...) are generalized first, fills and anchors keep their names;
// - a producer joins an elementwise consumer, or a reduction that is not a
//   contraction or convolution (their operands stay as the sketches expect
//   them); a producer with several users joins each only when it is cheap to
//   recompute (it moves data, or computes at most a few ops per element);
//   never so that its linalg.index reads a reduction loop (a causal mask
//   in a softmax's max: no reduction schedule splits such a loop);
// - reshapes move across elementwise ops (by expanding them), except that
//   an elementwise op on the expanded result of a contraction is collapsed
//   back onto it (so that it fuses into the contraction's tiles), and unit
//   dimensions of the fused ops are dropped at the end.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Analysis/OpClass.h"
#include "Tuner/Transforms/Passes.h"
#include "Tuner/Transforms/Prepare.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERFUSEELEMENTWISE
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

/// Compute ops per element above which a producer with several users is not
/// recomputed in each of them.
static constexpr unsigned kMaxRecomputedOps = 4;

/// Ops per element above which a consumer takes in no more producers that
/// have other users.
static constexpr unsigned kMaxFusedBodyOps = 64;

/// The ops of `op`'s body (its region's, for a named op).
static unsigned getBodySize(linalg::LinalgOp op) {
  Block *body = op.getBlock();
  return body ? body->getOperations().size() : 0;
}

/// Whether `op` is an all-parallel named op that generalizes to an
/// elementwise generic (a fill stays: anchors take it as their producer).
static bool isNamedElementwise(linalg::LinalgOp op) {
  return !isa<linalg::GenericOp, linalg::FillOp>(op.getOperation()) &&
         op.getNumReductionLoops() == 0 && op.hasPureTensorSemantics();
}

/// Whether recomputing `producer` in each of its consumers is cheap.
static bool isCheapToRecompute(linalg::GenericOp producer) {
  unsigned ops = 0;
  for (Operation &op : producer.getBody()->without_terminator())
    if (!op.hasTrait<OpTrait::ConstantLike>())
      ++ops;
  return ops <= kMaxRecomputedOps;
}

/// Whether a consumer of class `c` may take its producers in.
static bool acceptsProducers(linalg::LinalgOp consumer) {
  OpClass c = classifyOp(consumer);
  return c != OpClass::Contraction && c != OpClass::Convolution;
}

/// Whether fusing `producer` into the consumer owning `fused` would make a
/// `linalg.index` of the producer index a reduction loop of the consumer (a
/// causal mask, `key <= query`, fused into the softmax's max): no reduction
/// schedule splits such a loop, so the fused op got the fallback's scalar
/// loops. Conservative where the maps are not plain dimensions.
static bool indexesConsumerReduction(linalg::GenericOp producer,
                                     OpOperand *fused) {
  auto consumer = cast<linalg::LinalgOp>(fused->getOwner());
  if (consumer.getNumReductionLoops() == 0)
    return false;
  AffineMap producerMap = producer.getIndexingMapMatchingResult(
      cast<OpResult>(fused->get()));
  AffineMap consumerMap = consumer.getMatchingIndexingMap(fused);
  SmallVector<utils::IteratorType> iterators =
      consumer.getIteratorTypesArray();
  WalkResult walk = producer.getBody()->walk([&](linalg::IndexOp index) {
    std::optional<unsigned> position = producerMap.getResultPosition(
        getAffineDimExpr(index.getDim(), producer.getContext()));
    if (!position)
      return WalkResult::interrupt();
    auto dim = dyn_cast<AffineDimExpr>(consumerMap.getResult(*position));
    if (!dim || iterators[dim.getPosition()] == utils::IteratorType::reduction)
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return walk.wasInterrupted();
}

static bool shouldFuse(OpOperand *fused) {
  auto producer = fused->get().getDefiningOp<linalg::GenericOp>();
  auto consumer = dyn_cast<linalg::LinalgOp>(fused->getOwner());
  if (!producer || !consumer || !acceptsProducers(consumer))
    return false;
  if (indexesConsumerReduction(producer, fused))
    return false;
  if (producer->hasOneUse())
    return true;
  // A producer recomputed in each of its consumers grows them; where its
  // consumers are in turn recomputed producers (a binary search unrolled
  // into selects and gathers, torch-mlir's bucketize through ONNX), the
  // bodies grew without bound and fusion never finished.
  if (getBodySize(consumer) + getBodySize(producer) > kMaxFusedBodyOps)
    return false;
  return isDataMovementBody(producer) || isCheapToRecompute(producer);
}

/// Reshapes move across all-parallel generics only.
static bool shouldPropagateReshape(OpOperand *fused) {
  auto isElementwise = [](Operation *op) {
    auto linalgOp = dyn_cast_or_null<linalg::GenericOp>(op);
    return linalgOp && linalgOp.getNumReductionLoops() == 0;
  };
  return isElementwise(fused->getOwner()) ||
         isElementwise(fused->get().getDefiningOp());
}

/// Whether `fused` is an elementwise generic's operand produced by an
/// expand_shape of a contraction's or convolution's result.
static bool isExpandedAnchorResult(OpOperand *fused) {
  auto generic = dyn_cast<linalg::GenericOp>(fused->getOwner());
  auto expand = fused->get().getDefiningOp<tensor::ExpandShapeOp>();
  if (!generic || generic.getNumReductionLoops() != 0 || !expand)
    return false;
  auto anchor = expand.getSrc().getDefiningOp<linalg::LinalgOp>();
  if (!anchor)
    return false;
  OpClass cls = classifyOp(anchor);
  return cls == OpClass::Contraction || cls == OpClass::Convolution;
}

/// An elementwise op on the expand_shape of a matmul's result (a torch-mlir
/// Linear on a 3-D input: collapse, matmul, expand, bias; the expansion
/// above also moves a reshape after the bias before it) works on the
/// collapsed shape instead, the reshape after it: the op then consumes the
/// matmul's result and fuses into its tiles.
static LogicalResult collapseConsumersOfExpandedAnchors(Operation *root) {
  MLIRContext *ctx = root->getContext();
  RewritePatternSet patterns(ctx);
  linalg::populateFoldReshapeOpsByCollapsingPatterns(patterns,
                                                     isExpandedAnchorResult);
  tensor::populateFoldTensorEmptyPatterns(patterns);
  tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, ctx);
  tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, ctx);
  return applyPatternsGreedily(root, std::move(patterns));
}

static LogicalResult generalizeNamedElementwiseOps(Operation *root) {
  SmallVector<linalg::LinalgOp> named;
  root->walk([&](linalg::LinalgOp op) {
    if (isNamedElementwise(op))
      named.push_back(op);
  });
  IRRewriter rewriter(root->getContext());
  for (linalg::LinalgOp op : named) {
    rewriter.setInsertionPoint(op);
    // Ops that do not generalize (none upstream today) stay as they are.
    (void)linalg::generalizeNamedOp(rewriter, op);
  }
  return success();
}

/// Named contractions with a parallel loop of extent 1 (a matmul of one
/// row: a matrix-vector product; a batch matmul of one batch) become
/// generics, so that the unit loop is dropped with the others and the op is
/// scheduled for what it is.
static void generalizeContractionsWithUnitLoops(Operation *root) {
  SmallVector<linalg::LinalgOp> ops;
  root->walk([&](linalg::LinalgOp op) {
    if (isa<linalg::GenericOp>(op.getOperation()) ||
        !op.hasPureTensorSemantics() ||
        classifyOp(op) != OpClass::Contraction)
      return;
    for (auto [range, it] : llvm::zip(op.getStaticLoopRanges(),
                                      op.getIteratorTypesArray()))
      if (range == 1 && it == utils::IteratorType::parallel) {
        ops.push_back(op);
        return;
      }
  });
  IRRewriter rewriter(root->getContext());
  for (linalg::LinalgOp op : ops) {
    rewriter.setInsertionPoint(op);
    (void)linalg::generalizeNamedOp(rewriter, op);
  }
}

/// Contractions left as generics by the unit-dimension folding get their
/// named form back where it has exactly their maps (linalg.matmul,
/// batch_matmul): upstream's specialization would also turn a generic with a
/// transposed operand into a plain linalg.matmul, dropping the transpose.
static void specializeContractions(Operation *root) {
  SmallVector<linalg::GenericOp> ops;
  MLIRContext *ctx = root->getContext();
  SmallVector<AffineMap> matmul = linalg::MatmulOp::getDefaultIndexingMaps(ctx);
  SmallVector<AffineMap> batch =
      linalg::BatchMatmulOp::getDefaultIndexingMaps(ctx);
  // MLIR 22's specialization reads any extension in the body as a signed
  // one: an unsigned product (arith.extui, arith.uitofp) stays generic.
  auto isUnsigned = [](Operation &op) {
    return isa<arith::ExtUIOp, arith::UIToFPOp>(op);
  };
  root->walk([&](linalg::GenericOp op) {
    SmallVector<AffineMap> maps = op.getIndexingMapsArray();
    if (classifyOp(op) == OpClass::Contraction &&
        (maps == matmul || maps == batch) &&
        llvm::none_of(op.getBody()->getOperations(), isUnsigned))
      ops.push_back(op);
  });
  IRRewriter rewriter(root->getContext());
  for (linalg::GenericOp op : ops) {
    rewriter.setInsertionPoint(op);
    (void)linalg::specializeGenericOp(rewriter, op);
  }
}

/// Whether `op` is elementwise and reads a convolution's result, directly or
/// through other such ops (a chain the convolution's group fuses).
static bool isConvolutionEpilogue(linalg::LinalgOp op, unsigned depth = 0) {
  constexpr unsigned kMaxChain = 8;
  if (depth > kMaxChain || op.getNumLoops() != op.getNumParallelLoops())
    return false;
  return llvm::any_of(op.getDpsInputs(), [&](Value input) {
    auto producer = input.getDefiningOp<linalg::LinalgOp>();
    if (!producer)
      return false;
    if (classifyOp(producer) == OpClass::Convolution)
      return true;
    return isa<linalg::GenericOp>(producer) &&
           isConvolutionEpilogue(producer, depth + 1);
  });
}

namespace {
/// Drops the unit dimensions an elementwise op's input is read at constant
/// 0 (a per-channel bias of shape 64x1x1 read as (d3, 0, 0), as a batch-1
/// convolution's epilogue keeps its loops): the channels are then one
/// contiguous read, vectorized as one load instead of element by element.
struct DropConstantUnitInputDims : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics() ||
        op.getNumLoops() != op.getNumParallelLoops())
      return failure();
    SmallVector<AffineMap> maps = op.getIndexingMapsArray();
    SmallVector<Value> inputs = op.getDpsInputs();
    bool changed = false;
    for (auto [i, input] : llvm::enumerate(inputs)) {
      auto type = dyn_cast<RankedTensorType>(input.getType());
      if (!type || !type.hasStaticShape())
        continue;
      AffineMap map = maps[i];
      SmallVector<AffineExpr> kept;
      SmallVector<ReassociationIndices> groups;
      ReassociationIndices group;
      for (auto [r, expr] : llvm::enumerate(map.getResults())) {
        group.push_back(r);
        auto constant = dyn_cast<AffineConstantExpr>(expr);
        if (constant && constant.getValue() == 0 && type.getDimSize(r) == 1)
          continue;
        kept.push_back(expr);
        groups.push_back(std::move(group));
        group.clear();
      }
      if (kept.size() == map.getNumResults())
        continue;
      // Trailing dropped dimensions join the last kept one (none left: a
      // 0-d tensor, whose reassociation is empty).
      if (!groups.empty())
        llvm::append_range(groups.back(), group);
      inputs[i] =
          tensor::CollapseShapeOp::create(rewriter, op.getLoc(), input, groups);
      maps[i] = AffineMap::get(map.getNumDims(), map.getNumSymbols(), kept,
                               op.getContext());
      changed = true;
    }
    if (!changed)
      return failure();
    rewriter.modifyOpInPlace(op, [&] {
      op.getInputsMutable().assign(inputs);
      op.setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(maps));
    });
    return success();
  }
};
} // namespace

LogicalResult mlir::tuner::fuseElementwiseOps(Operation *root,
                                              bool fuseConvEpilogues) {
  MLIRContext *ctx = root->getContext();
  if (failed(generalizeNamedElementwiseOps(root)))
    return failure();

  RewritePatternSet fusion(ctx);
  linalg::populateElementwiseOpsFusionPatterns(fusion, shouldFuse);
  linalg::populateFoldReshapeOpsByExpansionPatterns(fusion,
                                                    shouldPropagateReshape);
  linalg::populateEraseUnusedOperandsAndResultsPatterns(fusion);
  tensor::populateFoldTensorEmptyPatterns(fusion);
  affine::AffineApplyOp::getCanonicalizationPatterns(fusion, ctx);
  linalg::GenericOp::getCanonicalizationPatterns(fusion, ctx);
  tensor::ExpandShapeOp::getCanonicalizationPatterns(fusion, ctx);
  tensor::CollapseShapeOp::getCanonicalizationPatterns(fusion, ctx);
  if (failed(applyPatternsGreedily(root, std::move(fusion))))
    return failure();
  if (failed(collapseConsumersOfExpandedAnchors(root)))
    return failure();

  // Drop the unit dimensions of elementwise ops, reductions (a keepdim
  // reduction's 1, which would otherwise become the vector dimension) and
  // contractions (a matmul of one row is a matrix-vector product). Not
  // those of a convolution's elementwise consumers: a reshape between the
  // two would keep the epilogue (bias, batch norm, ReLU) out of the
  // convolution's fused group.
  generalizeContractionsWithUnitLoops(root);
  linalg::ControlDropUnitDims drop;
  drop.controlFn = [=](Operation *op) -> SmallVector<unsigned> {
    auto generic = dyn_cast<linalg::GenericOp>(op);
    if (!generic || classifyOp(generic) == OpClass::Convolution ||
        (fuseConvEpilogues && isConvolutionEpilogue(generic)))
      return {};
    return llvm::to_vector(llvm::seq<unsigned>(generic.getNumLoops()));
  };
  RewritePatternSet unitDims(ctx);
  linalg::populateFoldUnitExtentDimsPatterns(unitDims, drop);
  linalg::populateFoldUnitExtentDimsCanonicalizationPatterns(unitDims, drop);
  unitDims.add<DropConstantUnitInputDims>(ctx);
  if (failed(applyPatternsGreedily(root, std::move(unitDims))))
    return failure();
  specializeContractions(root);
  return success();
}

namespace {
struct TunerFuseElementwisePass
    : public tuner::impl::TunerFuseElementwiseBase<TunerFuseElementwisePass> {
  void runOnOperation() override {
    if (failed(fuseElementwiseOps(getOperation())))
      signalPassFailure();
  }
};
} // namespace
