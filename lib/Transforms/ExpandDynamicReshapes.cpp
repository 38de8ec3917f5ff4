//===- ExpandDynamicReshapes.cpp - dynamic memref.expand_shape as views ---===//
//
// MLIR 22's expand-strided-metadata crashes (a null OpFoldResult in
// memref.reinterpret_cast's builder) on a memref.expand_shape that splits a
// dimension into two or more dynamic sizes, the form a torch-mlir program
// with a dynamic batch and sequence length returns ([?, N] into
// [?, ?, N]). tuner-expand-dynamic-reshapes rewrites such reshapes, before
// that pass, into the memref.reinterpret_cast they denote: the source's
// base and offset, the output sizes, and strides built from the source
// dimension's stride and the sizes inside its group.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNEREXPANDDYNAMICRESHAPES
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;

namespace {

/// Whether a group of `op` has more than one dynamic output size.
bool splitsIntoDynamicSizes(memref::ExpandShapeOp op) {
  ArrayRef<int64_t> shape = op.getResultType().getShape();
  for (const ReassociationIndices &group : op.getReassociationIndices())
    if (llvm::count_if(group, [&](int64_t d) {
          return ShapedType::isDynamic(shape[d]);
        }) > 1)
      return true;
  return false;
}

/// `op` as a reinterpret_cast of its source's base buffer.
void rewrite(RewriterBase &rewriter, memref::ExpandShapeOp op) {
  Location loc = op.getLoc();
  auto meta =
      memref::ExtractStridedMetadataOp::create(rewriter, loc, op.getSrc());
  MemRefType type = op.getResultType();
  auto [resultStrides, resultOffset] = type.getStridesAndOffset();
  SmallVector<OpFoldResult> sizes = op.getMixedOutputShape();
  SmallVector<OpFoldResult> strides(type.getRank());
  for (auto [src, group] : llvm::enumerate(op.getReassociationIndices())) {
    // Innermost first: the source dimension's stride, then times the sizes.
    OpFoldResult stride = meta.getStrides()[src];
    for (int64_t d : llvm::reverse(group)) {
      strides[d] = ShapedType::isDynamic(resultStrides[d])
                       ? stride
                       : rewriter.getIndexAttr(resultStrides[d]);
      if (d == group.front())
        break;
      Value s = getValueOrCreateConstantIndexOp(rewriter, loc, stride);
      Value n = getValueOrCreateConstantIndexOp(rewriter, loc, sizes[d]);
      stride = arith::MulIOp::create(rewriter, loc, s, n).getResult();
    }
  }
  OpFoldResult offset = ShapedType::isDynamic(resultOffset)
                            ? OpFoldResult(meta.getOffset())
                            : rewriter.getIndexAttr(resultOffset);
  for (OpFoldResult &size : sizes)
    if (auto value = dyn_cast<Value>(size))
      if (std::optional<int64_t> c = getConstantIntValue(value))
        size = rewriter.getIndexAttr(*c);
  rewriter.replaceOpWithNewOp<memref::ReinterpretCastOp>(
      op, type, meta.getBaseBuffer(), offset, sizes, strides);
}

struct TunerExpandDynamicReshapesPass
    : public tuner::impl::TunerExpandDynamicReshapesBase<
          TunerExpandDynamicReshapesPass> {
  void runOnOperation() override {
    SmallVector<memref::ExpandShapeOp> ops;
    getOperation()->walk([&](memref::ExpandShapeOp op) {
      if (splitsIntoDynamicSizes(op))
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (memref::ExpandShapeOp op : ops) {
      rewriter.setInsertionPoint(op);
      rewrite(rewriter, op);
    }
  }
};

} // namespace
