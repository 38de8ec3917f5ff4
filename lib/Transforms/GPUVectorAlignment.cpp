//===- GPUVectorAlignment.cpp - the tuner-gpu-vector-alignment pass -------===//
//
// The alignment of the vector loads and stores of GPU kernels, proven from
// where their buffers come from and how they are indexed (see the pass
// description in Passes.td).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <numeric>

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERGPUVECTORALIGNMENT
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;

namespace {

/// The alignment, in bytes, of the buffers the CUDA runtime allocates
/// (cuMemAlloc, cuMemAllocManaged: 256) and the one a CUDA-lowered
/// function's memref arguments must have (docs/GPU.md).
constexpr int64_t kArgumentAlignment = 16;
constexpr int64_t kAllocationAlignment = 256;
/// Bounds the recursion through index arithmetic.
constexpr unsigned kMaxDepth = 16;

int64_t gcd(int64_t a, int64_t b) { return std::gcd(a, b); }

/// A divisor every value of `value` has (0: the value is 0), 1 when
/// nothing is known.
int64_t getKnownDivisor(Value value, unsigned depth = 0);

int64_t getExprDivisor(AffineExpr expr, ValueRange dims, ValueRange symbols,
                       unsigned depth) {
  switch (expr.getKind()) {
  case AffineExprKind::Constant:
    return std::abs(cast<AffineConstantExpr>(expr).getValue());
  case AffineExprKind::DimId:
    return getKnownDivisor(dims[cast<AffineDimExpr>(expr).getPosition()],
                           depth + 1);
  case AffineExprKind::SymbolId:
    return getKnownDivisor(symbols[cast<AffineSymbolExpr>(expr).getPosition()],
                           depth + 1);
  case AffineExprKind::Add: {
    auto bin = cast<AffineBinaryOpExpr>(expr);
    return gcd(getExprDivisor(bin.getLHS(), dims, symbols, depth),
               getExprDivisor(bin.getRHS(), dims, symbols, depth));
  }
  case AffineExprKind::Mul: {
    auto bin = cast<AffineBinaryOpExpr>(expr);
    return getExprDivisor(bin.getLHS(), dims, symbols, depth) *
           getExprDivisor(bin.getRHS(), dims, symbols, depth);
  }
  default:
    // floordiv, ceildiv, mod: nothing known.
    return 1;
  }
}

/// A divisor of lane `lane` of the 1-D integer vector `vector`: the
/// vectorizer computes a gather's indices as vectors (broadcasts of scalar
/// indices plus a constant step) and a contiguous read takes lane 0.
int64_t getLaneDivisor(Value vector, int64_t lane, unsigned depth) {
  if (depth > kMaxDepth)
    return 1;
  DenseIntElementsAttr constant;
  if (matchPattern(vector, m_Constant(&constant)))
    return std::abs((*(constant.value_begin<APInt>() + lane)).getSExtValue());
  Operation *op = vector.getDefiningOp();
  if (auto broadcast = dyn_cast_or_null<vector::BroadcastOp>(op))
    return isa<VectorType>(broadcast.getSourceType())
               ? 1
               : getKnownDivisor(broadcast.getSource(), depth + 1);
  if (isa_and_nonnull<arith::AddIOp, arith::SubIOp>(op))
    return gcd(getLaneDivisor(op->getOperand(0), lane, depth + 1),
               getLaneDivisor(op->getOperand(1), lane, depth + 1));
  if (isa_and_nonnull<arith::MulIOp>(op))
    return getLaneDivisor(op->getOperand(0), lane, depth + 1) *
           getLaneDivisor(op->getOperand(1), lane, depth + 1);
  return 1;
}

int64_t getKnownDivisor(Value value, unsigned depth) {
  if (depth > kMaxDepth)
    return 1;
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return std::abs(constant.getSExtValue());
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    // The induction variable of an scf.for: lb + i * step.
    if (auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp()))
      if (arg == loop.getInductionVar())
        return gcd(getKnownDivisor(loop.getLowerBound(), depth + 1),
                   getKnownDivisor(loop.getStep(), depth + 1));
    return 1;
  }
  Operation *op = value.getDefiningOp();
  if (auto extract = dyn_cast<vector::ExtractOp>(op)) {
    std::optional<int64_t> lane;
    if (extract.getSourceVectorType().getRank() == 1 &&
        extract.getMixedPosition().size() == 1)
      lane = getConstantIntValue(extract.getMixedPosition()[0]);
    return lane ? getLaneDivisor(extract.getSource(), *lane, depth + 1) : 1;
  }
  if (isa<arith::AddIOp, arith::SubIOp>(op))
    return gcd(getKnownDivisor(op->getOperand(0), depth + 1),
               getKnownDivisor(op->getOperand(1), depth + 1));
  if (isa<arith::MulIOp>(op))
    return getKnownDivisor(op->getOperand(0), depth + 1) *
           getKnownDivisor(op->getOperand(1), depth + 1);
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp>(op))
    return getKnownDivisor(op->getOperand(0), depth + 1);
  if (auto linearize = dyn_cast<affine::AffineLinearizeIndexOp>(op)) {
    // The sum of each index times the product of the basis after it (a
    // dynamic size leaves out its factor: the divisor stays one).
    SmallVector<OpFoldResult> basis = linearize.getPaddedBasis();
    ValueRange indices = linearize.getMultiIndex();
    int64_t d = 0, stride = 1;
    for (int64_t i = indices.size() - 1; i >= 0; --i) {
      d = gcd(d, getKnownDivisor(indices[i], depth + 1) * stride);
      if (std::optional<int64_t> size = getConstantIntValue(basis[i]))
        stride *= *size;
    }
    return d;
  }
  if (auto apply = dyn_cast<affine::AffineApplyOp>(op)) {
    AffineMap map = apply.getAffineMap();
    ValueRange operands = apply.getMapOperands();
    return getExprDivisor(map.getResult(0),
                          operands.take_front(map.getNumDims()),
                          operands.drop_front(map.getNumDims()), depth);
  }
  if (isa<affine::AffineMinOp, affine::AffineMaxOp>(op)) {
    auto map = op->getAttrOfType<AffineMapAttr>("map").getValue();
    ValueRange operands = op->getOperands();
    int64_t d = 0;
    for (AffineExpr result : map.getResults())
      d = gcd(d, getExprDivisor(result, operands.take_front(map.getNumDims()),
                                operands.drop_front(map.getNumDims()), depth));
    return d;
  }
  return 1;
}

/// The alignment, in bytes, of the aligned pointer of `memref`'s buffer
/// (1 when unknown), following views that keep it.
int64_t getBaseAlignment(Value memref) {
  while (Operation *op = memref.getDefiningOp()) {
    if (isa<memref::SubViewOp, memref::CastOp, memref::ExpandShapeOp,
            memref::CollapseShapeOp, memref::ReinterpretCastOp>(op)) {
      memref = op->getOperand(0);
      continue;
    }
    if (auto assumed = dyn_cast<memref::AssumeAlignmentOp>(op))
      return assumed.getAlignment();
    if (isa<gpu::AllocOp>(op))
      return kAllocationAlignment;
    if (auto alloc = dyn_cast<memref::AllocOp>(op))
      return alloc.getAlignment().value_or(1);
    if (isa<gpu::DynamicSharedMemoryOp>(op))
      return 16;
    return 1;
  }
  auto arg = cast<BlockArgument>(memref);
  if (isa<func::FuncOp>(arg.getOwner()->getParentOp()) &&
      arg.getOwner()->isEntryBlock())
    return kArgumentAlignment;
  return 1;
}

/// A divisor of the element offset of `memref`'s start from its buffer's
/// aligned pointer (0: it is the pointer).
int64_t getOffsetDivisor(Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  auto [strides, offset] = type.getStridesAndOffset();
  if (!ShapedType::isDynamic(offset))
    return offset;
  auto subview = memref.getDefiningOp<memref::SubViewOp>();
  if (!subview)
    return 1;
  auto [sourceStrides, sourceOffset] =
      subview.getSourceType().getStridesAndOffset();
  int64_t d = getOffsetDivisor(subview.getSource());
  for (auto [ofr, stride] :
       llvm::zip(subview.getMixedOffsets(), sourceStrides)) {
    if (ShapedType::isDynamic(stride))
      return 1;
    int64_t off =
        isa<Attribute>(ofr)
            ? std::abs(cast<IntegerAttr>(cast<Attribute>(ofr)).getInt())
            : getKnownDivisor(cast<Value>(ofr));
    d = gcd(d, off * stride);
  }
  return d;
}

/// If indices[pos...] are all the results of one affine.delinearize_index,
/// in order, over memref dimensions whose strides are those of its basis
/// (a row-major run: what folding a collapse_shape into a load leaves), the
/// number of those indices; else 0. Their offset is then the linear index
/// times the last one's stride.
unsigned getDelinearizedRun(ValueRange indices, unsigned pos,
                            ArrayRef<int64_t> strides) {
  auto delinearize =
      indices[pos].getDefiningOp<affine::AffineDelinearizeIndexOp>();
  if (!delinearize)
    return 0;
  unsigned n = delinearize.getNumResults();
  if (pos + n > indices.size())
    return 0;
  for (unsigned r = 0; r < n; ++r)
    if (indices[pos + r] != delinearize.getResult(r))
      return 0;
  SmallVector<OpFoldResult> basis = delinearize.getPaddedBasis();
  int64_t stride = strides[pos + n - 1];
  for (unsigned r = n - 1; r > 0; --r) {
    std::optional<int64_t> size = getConstantIntValue(basis[r]);
    if (!size || ShapedType::isDynamic(stride) ||
        strides[pos + r - 1] != stride * *size)
      return 0;
    stride *= *size;
  }
  return n;
}

/// The alignment in bytes a vector access of `vectorType` at `indices` of
/// `memref` provably has (at most the vector's size), or 0.
int64_t getProvenAlignment(Value memref, ValueRange indices,
                           VectorType vectorType) {
  auto type = cast<MemRefType>(memref.getType());
  Type element = type.getElementType();
  if (!element.isIntOrFloat() || vectorType.getRank() != 1 ||
      element.getIntOrFloatBitWidth() % 8 != 0)
    return 0;
  int64_t elementBytes = element.getIntOrFloatBitWidth() / 8;
  int64_t base = getBaseAlignment(memref);
  if (base <= elementBytes)
    return 0;
  auto [strides, offset] = type.getStridesAndOffset();
  int64_t d = getOffsetDivisor(memref);
  for (unsigned pos = 0; pos < indices.size(); ++pos) {
    Value index = indices[pos];
    if (unsigned run = getDelinearizedRun(indices, pos, strides)) {
      pos += run - 1;
      index = cast<affine::AffineDelinearizeIndexOp>(index.getDefiningOp())
                  .getLinearIndex();
    }
    int64_t id = getKnownDivisor(index), stride = strides[pos];
    if (id == 0)
      continue;
    if (ShapedType::isDynamic(stride))
      return 0;
    d = gcd(d, id * stride);
  }
  int64_t bytes = vectorType.getNumElements() * elementBytes;
  int64_t align = std::min(base, int64_t(llvm::PowerOf2Ceil(bytes)));
  if (d != 0)
    align = std::min<int64_t>(
        align, 1LL << llvm::countr_zero(uint64_t(d * elementBytes)));
  return align > elementBytes ? align : 0;
}

struct TunerGPUVectorAlignmentPass
    : public tuner::impl::TunerGPUVectorAlignmentBase<
          TunerGPUVectorAlignmentPass> {
  void runOnOperation() override {
    Builder b(&getContext());
    auto annotate = [&](auto op) {
      if (op.getAlignment() || !op->template getParentOfType<gpu::LaunchOp>())
        return;
      if (int64_t align = getProvenAlignment(op.getBase(), op.getIndices(),
                                             op.getVectorType()))
        op.setAlignmentAttr(b.getI64IntegerAttr(align));
    };
    getOperation()->walk([&](Operation *op) {
      if (auto load = dyn_cast<vector::LoadOp>(op))
        annotate(load);
      else if (auto store = dyn_cast<vector::StoreOp>(op))
        annotate(store);
    });
  }
};

} // namespace
