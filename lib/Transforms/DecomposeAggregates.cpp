//===- DecomposeAggregates.cpp - aggregate ops to linalg ops --------------===//
//
// linalg.softmax (an op of the AggregatedOpInterface) has no schedule and no
// lowering to loops of its own: it becomes the linalg ops it stands for;
// so do linalg.pack and linalg.unpack, and quantized matmuls (an integer
// matmul and a correction), and the Winograd transforms (loops of small
// matmuls). Elementwise arith and math ops on tensors
// become linalg.generic ops.
// Part of tuner-prepare and of the lowering pipelines (so that a program
// that was not prepared, a reference, still lowers).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"
#include "Tuner/Transforms/Prepare.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

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

/// The sums of `input` (rank r, elements sign extended to `type`) over its
/// dimension `dim`: a tensor of rank r - 1.
static Value sumOverDim(OpBuilder &b, Location loc, Value input, int64_t dim,
                        Type type) {
  auto inType = cast<RankedTensorType>(input.getType());
  int64_t rank = inType.getRank();
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, input);
  sizes.erase(sizes.begin() + dim);
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(type));
  Value empty = tensor::EmptyOp::create(b, loc, sizes, type);
  Value init = linalg::FillOp::create(b, loc, zero, empty).result();
  SmallVector<AffineExpr> kept;
  SmallVector<utils::IteratorType> iterators;
  for (int64_t d = 0; d < rank; ++d) {
    if (d != dim)
      kept.push_back(b.getAffineDimExpr(d));
    iterators.push_back(d == dim ? utils::IteratorType::reduction
                                 : utils::IteratorType::parallel);
  }
  SmallVector<AffineMap> maps = {b.getMultiDimIdentityMap(rank),
                                 AffineMap::get(rank, 0, kept, b.getContext())};
  return linalg::GenericOp::create(
             b, loc, init.getType(), ValueRange{input}, ValueRange{init}, maps,
             iterators,
             [&](OpBuilder &nb, Location nl, ValueRange args) {
               Value x = convertScalarToDtype(nb, nl, args[0], type,
                                              /*isUnsignedCast=*/false);
               Value sum = arith::AddIOp::create(nb, nl, args[1], x);
               linalg::YieldOp::create(nb, nl, sum);
             })
      .getResult(0);
}

/// A quantized (batch) matmul, C += (A - za)(B - zb), as the product of A
/// and B (the plain integer matmul the contraction sketches schedule) and
/// its corrections: C + AB - zb * rowsum(A) - za * colsum(B) + K za zb, an
/// elementwise op that fuses into the product. Exact in modular integer
/// arithmetic, like the op itself. `batch`: whether there is a batch
/// dimension (A [B, M, K], B [B, K, N]).
static LogicalResult decomposeQuantizedMatmul(RewriterBase &rewriter,
                                              linalg::LinalgOp op, bool batch) {
  if (!op.hasPureTensorSemantics() || op->getNumResults() != 1)
    return failure();
  Value a = op.getDpsInputs()[0], bMat = op.getDpsInputs()[1];
  Value za = op.getDpsInputs()[2], zb = op.getDpsInputs()[3];
  Value init = op.getDpsInits()[0];
  auto aType = cast<RankedTensorType>(a.getType());
  auto cType = cast<RankedTensorType>(init.getType());
  Type elt = cType.getElementType();
  if (!elt.isInteger() || !aType.getElementType().isInteger() ||
      aType.getElementType().getIntOrFloatBitWidth() >
          elt.getIntOrFloatBitWidth() ||
      ShapedType::isDynamic(aType.getShape().back()))
    return failure();
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Value product =
      batch
          ? linalg::BatchMatmulOp::create(rewriter, loc, TypeRange{cType},
                                          ValueRange{a, bMat}, ValueRange{init})
                ->getResult(0)
          : linalg::MatmulOp::create(rewriter, loc, TypeRange{cType},
                                     ValueRange{a, bMat}, ValueRange{init})
                ->getResult(0);
  int64_t r = batch ? 3 : 2; // rank of A, B and C
  Value rowA = sumOverDim(rewriter, loc, a, r - 1, elt);
  Value colB = sumOverDim(rewriter, loc, bMat, r - 2, elt);
  Value k = arith::ConstantOp::create(
      rewriter, loc, rewriter.getIntegerAttr(elt, aType.getShape().back()));
  za = convertScalarToDtype(rewriter, loc, za, elt, /*isUnsignedCast=*/false);
  zb = convertScalarToDtype(rewriter, loc, zb, elt, /*isUnsignedCast=*/false);
  Value kzz = arith::MulIOp::create(
      rewriter, loc, k, arith::MulIOp::create(rewriter, loc, za, zb));
  // Maps over C's loops (b, m, n): C, rowsum(A) (b, m), colsum(B) (b, n).
  MLIRContext *ctx = rewriter.getContext();
  SmallVector<AffineExpr> dims;
  for (int64_t d = 0; d < r; ++d)
    dims.push_back(rewriter.getAffineDimExpr(d));
  SmallVector<AffineExpr> rows(dims.begin(), dims.end() - 1), cols(dims);
  cols.erase(cols.end() - 2);
  SmallVector<AffineMap> maps = {
      rewriter.getMultiDimIdentityMap(r), AffineMap::get(r, 0, rows, ctx),
      AffineMap::get(r, 0, cols, ctx), rewriter.getMultiDimIdentityMap(r)};
  SmallVector<utils::IteratorType> parallel(r, utils::IteratorType::parallel);
  Value empty = tensor::EmptyOp::create(
      rewriter, loc, tensor::getMixedSizes(rewriter, loc, product), elt);
  auto corrected = linalg::GenericOp::create(
      rewriter, loc, cType, ValueRange{product, rowA, colB}, ValueRange{empty},
      maps, parallel, [&](OpBuilder &b, Location l, ValueRange args) {
        Value v = arith::SubIOp::create(
            b, l, args[0], arith::MulIOp::create(b, l, zb, args[1]));
        v = arith::SubIOp::create(b, l, v,
                                  arith::MulIOp::create(b, l, za, args[2]));
        linalg::YieldOp::create(
            b, l, arith::AddIOp::create(b, l, v, kzz).getResult());
      });
  rewriter.replaceOp(op, corrected->getResults());
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
  // Quantized matmuls: the integer matmul and corrections.
  SmallVector<linalg::LinalgOp> quantized;
  root->walk([&](linalg::LinalgOp op) {
    if (isa<linalg::QuantizedMatmulOp, linalg::QuantizedBatchMatmulOp>(op))
      quantized.push_back(op);
  });
  for (linalg::LinalgOp op : quantized)
    (void)decomposeQuantizedMatmul(rewriter, op,
                                   isa<linalg::QuantizedBatchMatmulOp>(op));
  // linalg.pack and linalg.unpack on tensors (data-tiled programs, as
  // IREE's exports have them) do not bufferize: a pad, a reshape and a
  // transpose, which the sketches schedule (and the reverse).
  // Tile sizes that are constants but SSA values (`inner_tiles =
  // [%c8, 1]`, as upstream's pack-dynamic-inner-tile test writes them)
  // become static first: the packs' and their destinations' own folds.
  RewritePatternSet staticTiles(root->getContext());
  linalg::PackOp::getCanonicalizationPatterns(staticTiles, root->getContext());
  linalg::UnPackOp::getCanonicalizationPatterns(staticTiles,
                                                root->getContext());
  tensor::EmptyOp::getCanonicalizationPatterns(staticTiles, root->getContext());
  // (The linalg dialect's fold casts of the destination into the pack.)
  root->getContext()
      ->getLoadedDialect<linalg::LinalgDialect>()
      ->getCanonicalizationPatterns(staticTiles);
  SmallVector<Operation *> packs;
  root->walk([&](Operation *op) {
    if (isa<linalg::PackOp, linalg::UnPackOp>(op))
      packs.push_back(op);
  });
  if (!packs.empty()) {
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    (void)applyPatternsGreedily(root, std::move(staticTiles), config);
    packs.clear();
    root->walk([&](Operation *op) {
      if (isa<linalg::PackOp, linalg::UnPackOp>(op))
        packs.push_back(op);
    });
  }
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
  // The Winograd transforms (as IREE's Winograd path writes them) do not
  // bufferize: loops of small matmuls by the transform matrices.
  SmallVector<Operation *> winograd;
  root->walk([&](Operation *op) {
    if (isa<linalg::WinogradFilterTransformOp, linalg::WinogradInputTransformOp,
            linalg::WinogradOutputTransformOp>(op) &&
        llvm::all_of(op->getOperandTypes(), llvm::IsaPred<RankedTensorType>))
      winograd.push_back(op);
  });
  for (Operation *op : winograd) {
    rewriter.setInsertionPoint(op);
    if (auto filter = dyn_cast<linalg::WinogradFilterTransformOp>(op))
      (void)linalg::decomposeWinogradFilterTransformOp(rewriter, filter);
    else if (auto input = dyn_cast<linalg::WinogradInputTransformOp>(op))
      (void)linalg::decomposeWinogradInputTransformOp(rewriter, input);
    else
      (void)linalg::decomposeWinogradOutputTransformOp(
          rewriter, cast<linalg::WinogradOutputTransformOp>(op));
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
