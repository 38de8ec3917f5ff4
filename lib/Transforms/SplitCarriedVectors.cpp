//===- SplitCarriedVectors.cpp - tuner-split-carried-vectors --------------===//
//
// Loop-carried vectors whose innermost dimension is not a power of two, and
// which are wider than a vector register, carried as several vectors of
// power-of-two widths instead (see the pass description in Passes.td).
//
// The rewrite is a 1:N structural type conversion of the SCF ops: a
// vector<8x48xf32> iter_arg becomes a vector<8x32xf32> and a
// vector<8x16xf32> one; the body reassembles the whole vector from its parts
// (insert_strided_slice) and splits what it yields (extract_strided_slice).
// Inside the body LLVM splits the operations on <48 x float> at the
// register boundary and the reassembly folds away; only the phis of such
// types were the problem.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/DialectConversion.h"

#include "llvm/Support/MathExtras.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERSPLITCARRIEDVECTORS
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

/// The widths, powers of two in decreasing order, that `type`'s innermost
/// dimension is split into; empty when it is not split.
static SmallVector<int64_t> getPartWidths(VectorType type,
                                          unsigned vectorBits) {
  if (type.getRank() == 0 || type.isScalable() ||
      !type.getElementType().isIntOrFloat())
    return {};
  int64_t width = type.getShape().back();
  int64_t bits = type.getElementType().getIntOrFloatBitWidth();
  if (llvm::isPowerOf2_64(width) || width * bits <= int64_t(vectorBits))
    return {};
  SmallVector<int64_t> parts;
  for (int64_t part = int64_t(1) << llvm::Log2_64(width); part > 0; part >>= 1)
    if (width & part)
      parts.push_back(part);
  return parts;
}

static VectorType withInnermost(VectorType type, int64_t width) {
  SmallVector<int64_t> shape(type.getShape());
  shape.back() = width;
  return VectorType::get(shape, type.getElementType());
}

/// The offsets and strides of the part of `whole` at innermost `offset`.
static void getSliceAttrs(VectorType whole, VectorType part, int64_t offset,
                          SmallVectorImpl<int64_t> &offsets,
                          SmallVectorImpl<int64_t> &strides) {
  offsets.assign(whole.getRank(), 0);
  offsets.back() = offset;
  strides.assign(part.getRank(), 1);
}

static SmallVector<Value> splitVector(OpBuilder &b, Location loc,
                                      TypeRange partTypes, Value whole) {
  auto type = cast<VectorType>(whole.getType());
  SmallVector<Value> parts;
  int64_t offset = 0;
  for (Type t : partTypes) {
    auto part = cast<VectorType>(t);
    SmallVector<int64_t> offsets, strides;
    getSliceAttrs(type, part, offset, offsets, strides);
    parts.push_back(vector::ExtractStridedSliceOp::create(
        b, loc, whole, offsets, part.getShape(), strides));
    offset += part.getShape().back();
  }
  return parts;
}

static Value joinVector(OpBuilder &b, Location loc, VectorType type,
                        ValueRange parts) {
  Value whole = ub::PoisonOp::create(b, loc, type);
  int64_t offset = 0;
  for (Value v : parts) {
    auto part = cast<VectorType>(v.getType());
    SmallVector<int64_t> offsets, strides;
    getSliceAttrs(type, part, offset, offsets, strides);
    whole = vector::InsertStridedSliceOp::create(b, loc, v, whole, offsets,
                                                 strides);
    offset += part.getShape().back();
  }
  return whole;
}

LogicalResult mlir::tuner::splitCarriedVectors(Operation *root,
                                               unsigned vectorBits) {
  TypeConverter converter;
  converter.addConversion([](Type type) { return type; });
  converter.addConversion(
      [=](VectorType type,
          SmallVectorImpl<Type> &results) -> std::optional<LogicalResult> {
        SmallVector<int64_t> widths = getPartWidths(type, vectorBits);
        if (widths.empty())
          return std::nullopt;
        for (int64_t w : widths)
          results.push_back(withInnermost(type, w));
        return success();
      });
  converter.addSourceMaterialization(
      [](OpBuilder &b, VectorType type, ValueRange parts, Location loc) {
        return joinVector(b, loc, type, parts);
      });
  converter.addTargetMaterialization([](OpBuilder &b, TypeRange types,
                                        ValueRange inputs,
                                        Location loc) -> SmallVector<Value> {
    if (inputs.size() != 1 || !isa<VectorType>(inputs[0].getType()))
      return {};
    return splitVector(b, loc, types, inputs[0]);
  });
  MLIRContext *ctx = root->getContext();
  ConversionTarget target(*ctx);
  RewritePatternSet patterns(ctx);
  scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                       target);
  target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
  return applyPartialConversion(root, target, std::move(patterns));
}

namespace {
struct TunerSplitCarriedVectorsPass
    : public tuner::impl::TunerSplitCarriedVectorsBase<
          TunerSplitCarriedVectorsPass> {
  using TunerSplitCarriedVectorsBase::TunerSplitCarriedVectorsBase;

  void runOnOperation() override {
    unsigned bits = vectorBits;
    if (bits == 0) {
      sched::TargetAttr target = sched::getTarget(getOperation());
      bits = target && target.isCPU() && target.getVectorBits() > 0
                 ? target.getVectorBits()
                 : 128;
    }
    // A loop the structural patterns cannot convert leaves the IR as it was
    // (the conversion rolls back): slow code, not an error.
    (void)splitCarriedVectors(getOperation(), bits);
  }
};
} // namespace
