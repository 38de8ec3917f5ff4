//===- StridedCopies.cpp - tuner-strided-copies ---------------------------===//
//
// Copies between strided views as loops of row copies (see the pass
// description in Passes.td).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERSTRIDEDCOPIES
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;

/// Whether `type` has a static shape and static strides, the innermost 1.
static bool hasStaticRows(MemRefType type) {
  if (!type.hasStaticShape() || type.getRank() < 2)
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  return succeeded(type.getStridesAndOffset(strides, offset)) &&
         llvm::none_of(strides, ShapedType::isDynamic) && strides.back() == 1;
}

/// The innermost row of `view` at `indices` (one per outer dimension) as a
/// 1-D view.
static Value getRow(OpBuilder &b, Location loc, Value view,
                    ArrayRef<OpFoldResult> indices) {
  auto type = cast<MemRefType>(view.getType());
  int64_t rank = type.getRank();
  SmallVector<OpFoldResult> offsets(indices);
  offsets.push_back(b.getIndexAttr(0));
  SmallVector<OpFoldResult> sizes(rank - 1, b.getIndexAttr(1));
  sizes.push_back(b.getIndexAttr(type.getShape().back()));
  SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
  auto rowType = memref::SubViewOp::inferRankReducedResultType(
      {type.getShape().back()}, type, offsets, sizes, strides);
  return memref::SubViewOp::create(b, loc, cast<MemRefType>(rowType), view,
                                   offsets, sizes, strides);
}

/// Rewrites `copy` into loops over the outer dimensions of row copies when
/// both views have static rows of more than one element and one of them is
/// not contiguous.
static bool rewriteCopy(memref::CopyOp copy, RewriterBase &rewriter) {
  auto source = dyn_cast<MemRefType>(copy.getSource().getType());
  auto target = dyn_cast<MemRefType>(copy.getTarget().getType());
  if (!source || !target || !hasStaticRows(source) || !hasStaticRows(target) ||
      source.getShape() != target.getShape() || source.getShape().back() < 2 ||
      (memref::isStaticShapeAndContiguousRowMajor(source) &&
       memref::isStaticShapeAndContiguousRowMajor(target)))
    return false;
  Location loc = copy.getLoc();
  rewriter.setInsertionPoint(copy);
  SmallVector<OpFoldResult> indices;
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  for (int64_t size : source.getShape().drop_back()) {
    if (size == 1) {
      indices.push_back(rewriter.getIndexAttr(0));
      continue;
    }
    Value upper = arith::ConstantIndexOp::create(rewriter, loc, size);
    auto loop = scf::ForOp::create(rewriter, loc, zero, upper, one);
    indices.push_back(OpFoldResult(loop.getInductionVar()));
    rewriter.setInsertionPoint(loop.getBody()->getTerminator());
  }
  Value from = getRow(rewriter, loc, copy.getSource(), indices);
  Value to = getRow(rewriter, loc, copy.getTarget(), indices);
  memref::CopyOp::create(rewriter, loc, from, to);
  rewriter.eraseOp(copy);
  return true;
}

namespace {
struct TunerStridedCopiesPass
    : public tuner::impl::TunerStridedCopiesBase<TunerStridedCopiesPass> {
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation()->walk([&](memref::CopyOp op) { copies.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (memref::CopyOp copy : copies)
      (void)rewriteCopy(copy, rewriter);
  }
};
} // namespace
