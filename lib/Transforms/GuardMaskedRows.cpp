//===- GuardMaskedRows.cpp - tuner-guard-masked-rows ----------------------===//
//
// Masked vector stores of partial tiles, row by row, each row behind a
// branch on the mask's row count, so that rows the mask leaves out are not
// stored at all (see the pass description in Passes.td).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERGUARDMASKEDROWS
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

/// The create_mask of `write` when the write is a guardable masked store:
/// a minor-identity write of a vector of at least two dimensions, several
/// rows, into a memref, whose leading mask bound is not a constant that
/// covers every row.
static vector::CreateMaskOp getRowMask(vector::TransferWriteOp write) {
  VectorType type = write.getVectorType();
  if (!write.getMask() || type.getRank() < 2 || type.isScalable() ||
      type.getDimSize(0) < 2 || !isa<MemRefType>(write.getBase().getType()) ||
      !write.getPermutationMap().isMinorIdentity())
    return {};
  auto mask = write.getMask().getDefiningOp<vector::CreateMaskOp>();
  if (!mask)
    return {};
  std::optional<int64_t> rows = getConstantIntValue(mask.getOperand(0));
  if (rows && *rows >= type.getDimSize(0))
    return {};
  return mask;
}

/// Rewrites `write` into one write per row of its leading dimension, each
/// under `scf.if row < rows`, masked by the rest of the mask.
static void guardRows(RewriterBase &rewriter, vector::TransferWriteOp write,
                      vector::CreateMaskOp mask) {
  Location loc = write.getLoc();
  rewriter.setInsertionPoint(write);
  VectorType type = write.getVectorType();
  auto rowType =
      VectorType::get(type.getShape().drop_front(), type.getElementType());
  auto rowMaskType =
      VectorType::get(type.getShape().drop_front(), rewriter.getI1Type());
  Value rowMask = vector::CreateMaskOp::create(rewriter, loc, rowMaskType,
                                               mask.getOperands().drop_front());
  SmallVector<bool> inBounds(write.getInBoundsValues());
  ArrayAttr rowInBounds =
      rewriter.getBoolArrayAttr(ArrayRef<bool>(inBounds).drop_front());
  SmallVector<Value> indices(write.getIndices());
  unsigned leading = write.getPermutationMap().getNumDims() - type.getRank();
  Value first = indices[leading];
  for (int64_t i = 0, e = type.getDimSize(0); i < e; ++i) {
    Value row = arith::ConstantIndexOp::create(rewriter, loc, i);
    Value inside = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::slt, row, mask.getOperand(0));
    auto ifOp = scf::IfOp::create(rewriter, loc, inside, /*withElse=*/false);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
    Value value =
        vector::ExtractOp::create(rewriter, loc, write.getVector(), i);
    indices[leading] = arith::AddIOp::create(rewriter, loc, first, row);
    vector::TransferWriteOp::create(
        rewriter, loc, value, write.getBase(), indices,
        AffineMapAttr::get(AffineMap::getMinorIdentityMap(
            write.getPermutationMap().getNumDims(), rowType.getRank(),
            rewriter.getContext())),
        rowMask, rowInBounds);
  }
  rewriter.eraseOp(write);
}

void mlir::tuner::guardMaskedRows(Operation *root) {
  SmallVector<std::pair<vector::TransferWriteOp, vector::CreateMaskOp>> writes;
  root->walk([&](vector::TransferWriteOp write) {
    if (vector::CreateMaskOp mask = getRowMask(write))
      writes.emplace_back(write, mask);
  });
  IRRewriter rewriter(root->getContext());
  for (auto [write, mask] : writes)
    guardRows(rewriter, write, mask);
}

namespace {
struct TunerGuardMaskedRowsPass
    : public tuner::impl::TunerGuardMaskedRowsBase<TunerGuardMaskedRowsPass> {
  void runOnOperation() override { guardMaskedRows(getOperation()); }
};
} // namespace
