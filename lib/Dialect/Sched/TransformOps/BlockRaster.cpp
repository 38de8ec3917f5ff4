//===- BlockRaster.cpp - the order in which GPU blocks take tiles ---------===//
//
// rasterizeBlocks (Tuner/Dialect/Sched/TransformOps/BlockRaster.h): grouped
// rasterization of a 2-D block loop, the index arithmetic at the top of its
// body.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Dialect/Sched/TransformOps/BlockRaster.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::tuner;

/// The static trip counts of a normalized `forall` (lower bounds 0, steps
/// 1), or failure.
static FailureOr<SmallVector<int64_t>>
getNormalizedCounts(scf::ForallOp forall) {
  ArrayRef<int64_t> lbs = forall.getStaticLowerBound();
  ArrayRef<int64_t> ubs = forall.getStaticUpperBound();
  ArrayRef<int64_t> steps = forall.getStaticStep();
  if (llvm::any_of(lbs, [](int64_t lb) { return lb != 0; }) ||
      llvm::any_of(steps, [](int64_t s) { return s != 1; }) ||
      llvm::any_of(ubs, ShapedType::isDynamic))
    return failure();
  return SmallVector<int64_t>(ubs);
}

LogicalResult mlir::tuner::checkRasterizable(scf::ForallOp forall,
                                             std::string &whyNot) {
  if (forall.getRank() != 2 || failed(getNormalizedCounts(forall))) {
    whyNot = "expected a 2-D scf.forall from 0 in steps of 1 with static "
             "trip counts";
    return failure();
  }
  return success();
}

LogicalResult mlir::tuner::rasterizeBlocks(RewriterBase &rewriter,
                                           scf::ForallOp forall,
                                           int64_t groupRows,
                                           std::string &whyNot) {
  if (groupRows < 1) {
    whyNot = "a group of block rows must have at least 1 row";
    return failure();
  }
  if (failed(checkRasterizable(forall, whyNot)))
    return failure();
  SmallVector<int64_t> counts = *getNormalizedCounts(forall);
  rewriter.modifyOpInPlace(forall, [&] {
    forall->setAttr(kBlockRasterAttrName,
                    rewriter.getI64IntegerAttr(groupRows));
  });
  int64_t rows = counts[0], columns = counts[1];
  if (groupRows == 1 || rows == 1)
    return success();
  Value i = forall.getInductionVars()[0], j = forall.getInductionVars()[1];
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(forall.getBody());
  Location loc = forall.getLoc();
  auto cst = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(rewriter, loc, v);
  };
  Value cColumns = cst(columns), cWidth = cst(groupRows * columns),
        cGroupRows = cst(groupRows), cRows = cst(rows);
  // Unsigned division: every value here is a non-negative index.
  Value scaled = arith::MulIOp::create(rewriter, loc, i, cColumns);
  Value linear = arith::AddIOp::create(rewriter, loc, scaled, j);
  Value group = arith::DivUIOp::create(rewriter, loc, linear, cWidth);
  Value first = arith::MulIOp::create(rewriter, loc, group, cGroupRows);
  Value left = arith::SubIOp::create(rewriter, loc, cRows, first);
  Value height = arith::MinUIOp::create(rewriter, loc, left, cGroupRows);
  Value inGroup = arith::RemUIOp::create(rewriter, loc, linear, cWidth);
  Value row = arith::AddIOp::create(
      rewriter, loc, first,
      arith::RemUIOp::create(rewriter, loc, inGroup, height));
  Value column = arith::DivUIOp::create(rewriter, loc, inGroup, height);
  rewriter.replaceAllUsesExcept(i, row, scaled.getDefiningOp());
  rewriter.replaceAllUsesExcept(j, column, linear.getDefiningOp());
  return success();
}
