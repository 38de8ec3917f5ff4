//===- BlockMatmul.cpp - a block's matmul on 2-D slices -------------------===//
//
// rankReduceToMatmul (BlockMatmul.h): a contraction with unit batch loops
// becomes a linalg.matmul on rank-reducing tensor.extract_slice ops.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Dialect/Sched/TransformOps/BlockMatmul.h"

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::tuner;

/// Whether `map`'s results, those that are not `batch` loops dropped, are
/// the loops `dims` in that order.
static bool indexesAs(AffineMap map, ArrayRef<unsigned> batch,
                      ArrayRef<unsigned> dims) {
  SmallVector<unsigned> kept;
  for (AffineExpr expr : map.getResults()) {
    auto dim = dyn_cast<AffineDimExpr>(expr);
    if (!dim)
      return false;
    if (!llvm::is_contained(batch, dim.getPosition()))
      kept.push_back(dim.getPosition());
  }
  return ArrayRef<unsigned>(kept) == dims;
}

/// A slice of all of `source` without its unit dimensions.
static Value rankReduce(RewriterBase &rewriter, Location loc, Value source) {
  auto type = cast<RankedTensorType>(source.getType());
  SmallVector<int64_t> shape;
  for (int64_t size : type.getShape())
    if (size != 1)
      shape.push_back(size);
  return tensor::createCanonicalRankReducingExtractSliceOp(
      rewriter, loc, source,
      RankedTensorType::get(shape, type.getElementType()));
}

LogicalResult mlir::tuner::checkRankReducibleMatmul(linalg::LinalgOp op,
                                                    std::string &whyNot) {
  auto fail = [&](StringRef reason) {
    whyNot = reason.str();
    return failure();
  };
  if (!op.hasPureTensorSemantics() || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1 || op.hasDynamicShape())
    return fail("expected a linalg op on static tensors with two inputs and "
                "one init");
  if (!llvm::all_of(op->getOperandTypes(), [](Type type) {
        return isa<FloatType>(getElementTypeOrSelf(type));
      }))
    return fail("expected float operands");
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (!linalg::isaContractionOpInterface(op) || failed(dims))
    return fail("expected a contraction");
  if (dims->m.size() != 1 || dims->n.size() != 1 || dims->k.size() != 1)
    return fail("expected one m, one n and one k loop");
  SmallVector<int64_t> extents = op.getStaticLoopRanges();
  SmallVector<unsigned> batch(dims->batch.begin(), dims->batch.end());
  if (llvm::any_of(batch, [&](unsigned b) { return extents[b] != 1; }))
    return fail("expected batch loops of extent 1");
  unsigned m = dims->m[0], n = dims->n[0], k = dims->k[0];
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  if (!indexesAs(maps[0], batch, {m, k}) ||
      !indexesAs(maps[1], batch, {k, n}) || !indexesAs(maps[2], batch, {m, n}))
    return fail("expected A indexed (m, k), B (k, n) and the init (m, n)");
  if (llvm::any_of(op->getOperands(), [](Value v) {
        return llvm::count(cast<ShapedType>(v.getType()).getShape(), 1) !=
               cast<ShapedType>(v.getType()).getRank() - 2;
      }))
    return fail("expected m, n and k of extents other than 1");
  return success();
}

FailureOr<linalg::MatmulOp>
mlir::tuner::rankReduceToMatmul(RewriterBase &rewriter, linalg::LinalgOp op,
                                std::string &whyNot) {
  if (failed(checkRankReducibleMatmul(op, whyNot)))
    return failure();
  Location loc = op.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  Value a = rankReduce(rewriter, loc, op.getDpsInputs()[0]);
  Value b = rankReduce(rewriter, loc, op.getDpsInputs()[1]);
  Value init = op.getDpsInits()[0], dest = init, c;
  auto fill = init.getDefiningOp<linalg::FillOp>();
  if (fill && fill.hasPureTensorSemantics() && init.hasOneUse()) {
    dest = fill.getDpsInits()[0];
    c = linalg::FillOp::create(rewriter, loc, fill.value(),
                               rankReduce(rewriter, loc, dest))
            .getResult(0);
  } else {
    c = rankReduce(rewriter, loc, init);
  }
  auto matmul = linalg::MatmulOp::create(rewriter, loc, TypeRange{c.getType()},
                                         ValueRange{a, b}, ValueRange{c});
  Value result = tensor::createCanonicalRankReducingInsertSliceOp(
      rewriter, loc, matmul.getResult(0), dest);
  rewriter.replaceOp(op, result);
  if (fill && fill->use_empty())
    rewriter.eraseOp(fill);
  return matmul;
}
