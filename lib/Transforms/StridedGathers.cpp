//===- StridedGathers.cpp - tuner-strided-gathers -------------------------===//
//
// Gathers whose linearized offsets assume a contiguous source, rewritten
// for the strides the source has after bufferization (see the pass
// description in Passes.td).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERSTRIDEDGATHERS
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;

/// The strides of `type` when they are static and not those of a
/// contiguous buffer of its shape (which needs no rewrite); else nothing.
static std::optional<SmallVector<int64_t>>
getNonContiguousStrides(MemRefType type) {
  if (!type.hasStaticShape() || type.getRank() < 2)
    return std::nullopt;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) ||
      llvm::any_of(strides, ShapedType::isDynamic))
    return std::nullopt;
  int64_t contiguous = 1;
  bool isContiguous = true;
  for (int64_t d = type.getRank() - 1; d >= 0; --d) {
    isContiguous &= strides[d] == contiguous;
    contiguous *= type.getDimSize(d);
  }
  if (isContiguous)
    return std::nullopt;
  return strides;
}

/// `source` (of `type`, with static `strides`) as a 1-D view with unit
/// stride from its first element to its last: element offsets from the
/// source's base index it directly. Upstream's gather lowering takes only
/// sources whose innermost stride is 1, which a strided view's often is
/// not (a column of width 1: strides [.., 8, 8]).
static Value flattenView(Value source, MemRefType type,
                         ArrayRef<int64_t> strides, RewriterBase &rewriter) {
  Location loc = source.getLoc();
  int64_t extent = 1;
  for (auto [size, stride] : llvm::zip(type.getShape(), strides))
    extent += (size - 1) * stride;
  SmallVector<int64_t> unused;
  int64_t staticOffset;
  (void)type.getStridesAndOffset(unused, staticOffset);
  OpFoldResult offset = rewriter.getIndexAttr(staticOffset);
  if (ShapedType::isDynamic(staticOffset))
    offset = memref::ExtractStridedMetadataOp::create(rewriter, loc, source)
                 .getOffset();
  auto flatType = MemRefType::get(
      {extent}, type.getElementType(),
      StridedLayoutAttr::get(rewriter.getContext(), staticOffset, {1}),
      type.getMemorySpace());
  return memref::ReinterpretCastOp::create(
      rewriter, loc, flatType, source, offset,
      ArrayRef<OpFoldResult>{rewriter.getIndexAttr(extent)},
      ArrayRef<OpFoldResult>{rewriter.getIndexAttr(1)});
}

/// Rewrites `gather` for its source's strides; whether it did.
static bool rewriteGather(vector::GatherOp gather, RewriterBase &rewriter) {
  auto type = dyn_cast<MemRefType>(gather.getBase().getType());
  std::optional<SmallVector<int64_t>> strides =
      type ? getNonContiguousStrides(type) : std::nullopt;
  if (!strides)
    return false;
  Location loc = gather.getLoc();
  rewriter.setInsertionPoint(gather);
  auto indexType = cast<VectorType>(gather.getIndices().getType());
  auto splat = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(
        rewriter, loc,
        DenseElementsAttr::get(indexType, rewriter.getIndexAttr(v)));
  };
  // The element the vectorizer meant: position P of the source read as a
  // contiguous buffer of its shape, from the base indices on.
  Value linear = arith::ConstantIndexOp::create(rewriter, loc, 0);
  for (auto [d, index] : llvm::enumerate(gather.getOffsets())) {
    Value size =
        arith::ConstantIndexOp::create(rewriter, loc, type.getDimSize(d));
    linear = arith::AddIOp::create(
        rewriter, loc, arith::MulIOp::create(rewriter, loc, linear, size),
        index);
  }
  Value position = arith::AddIOp::create(
      rewriter, loc,
      vector::BroadcastOp::create(rewriter, loc, indexType, linear),
      gather.getIndices());
  // Its coordinates, then its offset with the real strides.
  Value offset = splat(0);
  for (int64_t d = type.getRank() - 1; d >= 0; --d) {
    Value coordinate = position;
    if (d > 0) {
      Value size = splat(type.getDimSize(d));
      coordinate = arith::RemUIOp::create(rewriter, loc, position, size);
      position = arith::DivUIOp::create(rewriter, loc, position, size);
    }
    offset = arith::AddIOp::create(
        rewriter, loc, offset,
        arith::MulIOp::create(rewriter, loc, coordinate, splat((*strides)[d])));
  }
  Value flat = flattenView(gather.getBase(), type, *strides, rewriter);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  rewriter.modifyOpInPlace(gather, [&] {
    gather.getBaseMutable().assign(flat);
    gather.getOffsetsMutable().assign(zero);
    gather.getIndicesMutable().assign(offset);
  });
  return true;
}

namespace {
struct TunerStridedGathersPass
    : public tuner::impl::TunerStridedGathersBase<TunerStridedGathersPass> {
  void runOnOperation() override {
    SmallVector<vector::GatherOp> gathers;
    getOperation()->walk([&](vector::GatherOp op) { gathers.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (vector::GatherOp gather : gathers)
      (void)rewriteGather(gather, rewriter);
  }
};
} // namespace
