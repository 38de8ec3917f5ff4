//===- TransposeContractionB.cpp - N innermost in a contraction's B -------===//
//
// The CPU contraction sketches vectorize N, the output's innermost
// dimension, and read a row of B per K step. A contraction whose B has K
// innermost ([N, K]: a PyTorch Linear's weight, ONNX Gemm with transB, an
// attention's K^T) would read B a column at a time: on a Xeon a 128 x 768 x
// 768 f32 matmul of that form ran at 8.6 GFLOP/s, its [K, N] form at 150+.
// This rewrite transposes such a B once (N*K copies; none at run time for a
// constant weight, which tuner-fold-constants folds) and gives the
// contraction the [K, N] operand:
//
//   C[m, n] += A[m, k] * B[n, k]   ->   Bt = transpose(B)   (Bt[k, n])
//                                       C[m, n] += A[m, k] * Bt[k, n]
//
// Batch dimensions stay where they are (B[b, n, k] -> Bt[b, k, n]). Left
// alone: contractions with several M, N or K dimensions, and those whose M
// extent is below kMinRows (a matrix-vector product reads B once: the
// transpose would cost as much as the product).
//
// transposeMatvecB, for GPUs, goes the other way for those matrix-vector
// products whose B is constant data ([K, N] -> [N, K], folded at compile
// time): each output is then a dot product over a contiguous row of B, the
// row reduction gpu.reduction runs as a warp per output, where a [K, N] B
// leaves a thread per output walking down a column.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"
#include "Tuner/Transforms/Prepare.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERTRANSPOSECONTRACTIONB
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

/// Rows of the output below which B is left as it is.
static constexpr int64_t kMinRows = 8;

namespace {
/// Where the rewrite applies: the input to transpose and the positions of
/// N and K among its dimensions.
struct TransposedB {
  unsigned input;
  unsigned nPos, kPos;
};
} // namespace

/// The position of loop `dim` among the results of `map`, if any.
static std::optional<unsigned> getResultPos(AffineMap map, unsigned dim) {
  for (auto [i, expr] : llvm::enumerate(map.getResults()))
    if (auto d = dyn_cast<AffineDimExpr>(expr); d && d.getPosition() == dim)
      return i;
  return std::nullopt;
}

static std::optional<TransposedB> matchTransposedB(linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1 || !linalg::isaContractionOpInterface(op))
    return std::nullopt;
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->m.size() != 1 || dims->n.size() != 1 ||
      dims->k.size() != 1)
    return std::nullopt;
  unsigned m = dims->m[0], n = dims->n[0], k = dims->k[0];
  int64_t rows = op.getStaticLoopRanges()[m];
  if (!ShapedType::isDynamic(rows) && rows < kMinRows)
    return std::nullopt;
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  AffineMap out = maps[2];
  if (!out.isProjectedPermutation() || out.getNumResults() == 0 ||
      out.getResults().back() != getAffineDimExpr(n, op.getContext()))
    return std::nullopt;
  unsigned input = getResultPos(maps[0], n) ? 0 : 1;
  AffineMap b = maps[input];
  std::optional<unsigned> nPos = getResultPos(b, n), kPos = getResultPos(b, k);
  if (!b.isProjectedPermutation() || !nPos || !kPos ||
      *kPos != b.getNumResults() - 1)
    return std::nullopt;
  return TransposedB{input, *nPos, *kPos};
}

/// `value` with dimensions `i` and `j` swapped.
static Value swapDims(OpBuilder &b, Location loc, Value value, unsigned i,
                      unsigned j) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> perm = llvm::to_vector(
      llvm::seq<int64_t>(0, type.getRank()));
  std::swap(perm[i], perm[j]);
  SmallVector<OpFoldResult> sizes =
      tensor::getMixedSizes(b, loc, value);
  SmallVector<OpFoldResult> swapped;
  for (int64_t p : perm)
    swapped.push_back(sizes[p]);
  Value empty =
      tensor::EmptyOp::create(b, loc, swapped, type.getElementType());
  return linalg::TransposeOp::create(b, loc, value, empty, perm)->getResult(0);
}

static void rewrite(RewriterBase &rewriter, linalg::GenericOp op,
                    const TransposedB &match) {
  rewriter.setInsertionPoint(op);
  Value b = op.getDpsInputs()[match.input];
  Value transposed =
      swapDims(rewriter, op.getLoc(), b, match.nPos, match.kPos);
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  SmallVector<AffineExpr> results(maps[match.input].getResults());
  std::swap(results[match.nPos], results[match.kPos]);
  maps[match.input] = AffineMap::get(maps[match.input].getNumDims(), 0,
                                     results, op.getContext());
  rewriter.modifyOpInPlace(op, [&] {
    op->setOperand(match.input, transposed);
    op.setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(maps));
  });
}

/// Rewrites every linalg op `match` accepts (named ops generalized first)
/// so that it reads the matched operand transposed.
static LogicalResult transposeMatches(
    Operation *root,
    function_ref<std::optional<TransposedB>(linalg::LinalgOp)> match) {
  SmallVector<linalg::LinalgOp> candidates;
  root->walk([&](linalg::LinalgOp op) {
    if (match(op))
      candidates.push_back(op);
  });
  IRRewriter rewriter(root->getContext());
  for (linalg::LinalgOp op : candidates) {
    auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
    if (!generic) {
      rewriter.setInsertionPoint(op);
      FailureOr<linalg::GenericOp> g = linalg::generalizeNamedOp(rewriter, op);
      if (failed(g))
        continue;
      generic = *g;
    }
    if (std::optional<TransposedB> m = match(generic))
      rewrite(rewriter, generic, *m);
  }
  return success();
}

LogicalResult mlir::tuner::transposeContractionB(Operation *root) {
  return transposeMatches(root, matchTransposedB);
}

//===----------------------------------------------------------------------===//
// Matrix-vector products on a GPU
//===----------------------------------------------------------------------===//

/// Whether `value` is a constant or computed from constants by linalg ops
/// and reshapes only (what tuner-fold-constants folds).
static bool isConstantData(Value value, unsigned depth = 0) {
  Operation *def = value.getDefiningOp();
  if (!def || depth > 8)
    return false;
  if (isa<arith::ConstantOp>(def))
    return true;
  if (isa<tensor::EmptyOp>(def))
    return true;
  if (isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp, tensor::CastOp>(def))
    return isConstantData(def->getOperand(0), depth + 1);
  auto linalgOp = dyn_cast<linalg::LinalgOp>(def);
  return linalgOp && linalgOp.hasPureTensorSemantics() &&
         llvm::all_of(def->getOperands(), [&](Value operand) {
           return !isa<RankedTensorType>(operand.getType()) ||
                  isConstantData(operand, depth + 1);
         });
}

/// The operand of a matrix-vector product (one M, N and K dimension, fewer
/// than kMinRows rows) with N innermost ([K, N]) and constant data.
static std::optional<TransposedB> matchMatvecB(linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1 || !linalg::isaContractionOpInterface(op) ||
      op.hasDynamicShape())
    return std::nullopt;
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->m.size() != 1 || dims->n.size() != 1 ||
      dims->k.size() != 1 || !dims->batch.empty())
    return std::nullopt;
  unsigned m = dims->m[0], n = dims->n[0], k = dims->k[0];
  if (op.getStaticLoopRanges()[m] >= kMinRows)
    return std::nullopt;
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  unsigned input = getResultPos(maps[0], n) ? 0 : 1;
  AffineMap b = maps[input];
  std::optional<unsigned> nPos = getResultPos(b, n), kPos = getResultPos(b, k);
  if (!b.isProjectedPermutation() || !nPos || !kPos ||
      *nPos != b.getNumResults() - 1 ||
      !isConstantData(op.getDpsInputs()[input]))
    return std::nullopt;
  return TransposedB{input, *nPos, *kPos};
}

LogicalResult mlir::tuner::transposeMatvecB(Operation *root) {
  return transposeMatches(root, matchMatvecB);
}

namespace {
struct TunerTransposeContractionBPass
    : public tuner::impl::TunerTransposeContractionBBase<
          TunerTransposeContractionBPass> {
  void runOnOperation() override {
    if (failed(transposeContractionB(getOperation())))
      signalPassFailure();
  }
};
} // namespace
