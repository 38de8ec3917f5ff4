//===- PadContractions.cpp - odd matmuls padded to aligned extents -------===//
//
// A GPU matmul kernel tiles M, N and K by whole blocks, warp tiles and
// 16-byte copies: a 257 x 383 x 509 matmul fits none of them and took the
// naive fallback kernel. tuner-pad-contractions gives such a matmul aligned
// extents instead (zeros beyond the edges of A and B, so K's padding adds
// nothing), lets its chain of elementwise consumers (bias, activation) run on
// the padded result too, so that they stay fused in the kernel's epilogue,
// and extracts the original extents at the end of the chain:
//
//   %a' = insert_slice %a into fill(0) : 257x509 -> 320x512
//   %b' = insert_slice %b into fill(0) : 509x383 -> 512x384
//   %c' = matmul(%a', %b', fill(empty 320x384))
//   %d' = generic(%c', insert_slice %bias into fill(0) : 383 -> 384)
//   %d  = extract_slice %d'[0, 0] [257, 383]
//
// The fills and copies are ops of their own (elementwise tasks and device
// copies), cheap next to the matmul they serve. A constant operand (a
// weight) is padded here, once, into a new constant.
//
//===----------------------------------------------------------------------===//

#include "FoldConstantsReader.h"

#include "Tuner/Transforms/Passes.h"
#include "Tuner/Transforms/Prepare.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/PatternMatch.h"

#include <cstring>
#include <limits>

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERPADCONTRACTIONS
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

/// Extents below this are left alone: a matrix-vector-like matmul wants a
/// kernel of its own, not 16x the work.
static constexpr int64_t kMinExtent = 16;
/// The most an extent grows (getPaddedContractionExtent).
static constexpr int64_t kMaxPadding = 64;

int64_t mlir::tuner::getPaddedContractionExtent(int64_t extent) {
  int64_t multiple = extent > 128 ? 64 : 16;
  return llvm::divideCeil(extent, multiple) * multiple;
}

bool mlir::tuner::isDefaultMapsMatmul(Operation *op) {
  if (auto matmul = dyn_cast<linalg::MatmulOp>(op))
    return !matmul.hasUserDefinedMaps();
  if (auto batch = dyn_cast<linalg::BatchMatmulOp>(op))
    return !batch.hasUserDefinedMaps();
  return false;
}

/// Whether `op` is a matmul padContractions takes: default maps, static,
/// on tensors.
static bool isPlainMatmul(linalg::LinalgOp op) {
  return isDefaultMapsMatmul(op) && op.hasPureTensorSemantics() &&
         !op.hasDynamicShape();
}

/// The alignment each of M, N and K of `matmul` needs: 16 for f16/bf16
/// inputs (mma.sync fragments), 4 for f32 (block and thread tiles). Batch
/// matmuls only for f16/bf16 (their tensor-core kernel against CUDA cores
/// and 2-byte loads; f32 ones keep gpu.contraction on their extents, which
/// padding has not been measured against).
static int64_t getRequiredMultiple(linalg::LinalgOp matmul) {
  Type a = getElementTypeOrSelf(matmul.getDpsInputs()[0].getType());
  Type b = getElementTypeOrSelf(matmul.getDpsInputs()[1].getType());
  if (a != b)
    return 0;
  if (a.isF16() || a.isBF16())
    return 16;
  if (a.isF32() && isa<linalg::MatmulOp>(matmul.getOperation()))
    return 4;
  return 0;
}

/// The padded loop extents of `matmul` ((batch,) M, N, K; the batch kept),
/// or none where it is aligned already, too small or not a plain static
/// matmul on tensors.
static std::optional<SmallVector<int64_t>>
getPaddedExtents(linalg::LinalgOp matmul) {
  if (!isPlainMatmul(matmul))
    return std::nullopt;
  int64_t multiple = getRequiredMultiple(matmul);
  if (multiple == 0)
    return std::nullopt;
  SmallVector<int64_t> extents = matmul.getStaticLoopRanges();
  ArrayRef<int64_t> mnk = ArrayRef<int64_t>(extents).take_back(3);
  if (llvm::any_of(mnk, [](int64_t e) { return e < kMinExtent; }) ||
      llvm::all_of(mnk, [&](int64_t e) { return e % multiple == 0; }))
    return std::nullopt;
  // Extents near INT64_MAX would overflow when rounded up (and no tensor of
  // them is ever allocated): leave such a matmul as it is.
  if (llvm::any_of(mnk, [](int64_t e) {
        return e > std::numeric_limits<int64_t>::max() - kMaxPadding;
      }))
    return std::nullopt;
  SmallVector<int64_t> padded(extents.begin(), extents.end() - 3);
  for (int64_t e : mnk)
    padded.push_back(e % multiple ? getPaddedContractionExtent(e) : e);
  return padded;
}

/// Largest constant, in elements, padded at compile time.
static constexpr int64_t kMaxPaddedConstant = int64_t(1) << 26;

/// The constant `value` (dense or dense_resource, not i1) padded with zeros
/// to `shape` as a new dense_resource constant; null where it is no such
/// constant.
static Value padConstant(OpBuilder &b, Location loc, Value value,
                         ArrayRef<int64_t> shape) {
  std::string why;
  FailureOr<std::optional<fold::ConstTensor>> read =
      fold::readConstTensor(value, /*allowFill=*/false, why);
  if (failed(read) || !*read || (*read)->kind.width == 1)
    return nullptr;
  const fold::ConstTensor &source = **read;
  auto type = RankedTensorType::get(shape, source.type.getElementType());
  if (type.getNumElements() > kMaxPaddedConstant)
    return nullptr;
  size_t bytes = source.bytes;
  AsmResourceBlob blob = HeapAsmResourceBlob::allocate(
      type.getNumElements() * bytes, /*align=*/64);
  char *out = blob.getMutableData().data();
  std::memset(out, 0, type.getNumElements() * bytes);
  // Row by row (the innermost dimension), row-major on both sides.
  ArrayRef<int64_t> from = source.type.getShape();
  int64_t rank = from.size(), rowLength = rank ? from.back() : 1;
  SmallVector<int64_t> index(std::max<int64_t>(rank - 1, 0), 0);
  for (int64_t row = 0, rows = source.numElements / std::max<int64_t>(
                                   rowLength, 1);
       row < rows; ++row) {
    int64_t offset = 0;
    for (int64_t d = 0; d + 1 < rank; ++d)
      offset = offset * shape[d] + index[d];
    char *dst = out + offset * (rank ? shape.back() : 1) * bytes;
    if (source.splat) {
      for (int64_t i = 0; i < rowLength; ++i)
        std::memcpy(dst + i * bytes, source.data(), bytes);
    } else {
      std::memcpy(dst, source.data() + row * rowLength * bytes,
                  rowLength * bytes);
    }
    for (int64_t d = rank - 2; d >= 0 && ++index[d] == from[d]; --d)
      index[d] = 0;
  }
  auto attr =
      DenseResourceElementsAttr::get(type, "tuner_padded", std::move(blob));
  return arith::ConstantOp::create(b, loc, cast<TypedAttr>(attr));
}

/// `value` written at the origin of a zero-filled tensor of `shape` (a
/// constant padded at compile time); the value itself where it has that
/// shape.
static Value padWithZeros(OpBuilder &b, Location loc, Value value,
                          ArrayRef<int64_t> shape) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getShape() == shape)
    return value;
  if (Value constant = padConstant(b, loc, value, shape))
    return constant;
  Type element = type.getElementType();
  Value empty = tensor::EmptyOp::create(b, loc, shape, element);
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(element));
  Value filled = linalg::FillOp::create(b, loc, zero, empty).getResult(0);
  SmallVector<OpFoldResult> offsets(shape.size(), b.getIndexAttr(0)),
      strides(shape.size(), b.getIndexAttr(1));
  return tensor::InsertSliceOp::create(
      b, loc, value, filled, offsets,
      getAsIndexOpFoldResult(b.getContext(), type.getShape()), strides);
}

/// The shape an operand indexed by `map` has over loops of `extents`.
static SmallVector<int64_t> getOperandShape(AffineMap map,
                                            ArrayRef<int64_t> extents) {
  SmallVector<int64_t> shape;
  for (AffineExpr expr : map.getResults())
    shape.push_back(extents[cast<AffineDimExpr>(expr).getPosition()]);
  return shape;
}

/// The init of the padded matmul: a fill of the padded shape where the
/// original is a fill of an empty tensor, else the original zero-padded.
static Value padInit(OpBuilder &b, Location loc, Value init,
                     ArrayRef<int64_t> shape) {
  auto fill = init.getDefiningOp<linalg::FillOp>();
  if (!fill || !fill.getOutputs()[0].getDefiningOp<tensor::EmptyOp>())
    return padWithZeros(b, loc, init, shape);
  Value empty = tensor::EmptyOp::create(
      b, loc, shape, getElementTypeOrSelf(init.getType()));
  return linalg::FillOp::create(b, loc, fill.getInputs()[0], empty)
      .getResult(0);
}

/// The elementwise consumer of `value` that can run on its padded form: the
/// only user, a generic of parallel loops over the value's extents, reading
/// it through an identity map and writing one result through another, every
/// operand indexed by dimensions only.
static linalg::GenericOp getPaddableConsumer(Value value) {
  if (!value.hasOneUse())
    return nullptr;
  auto generic = dyn_cast<linalg::GenericOp>(*value.getUsers().begin());
  auto type = cast<RankedTensorType>(value.getType());
  if (!generic || !generic.hasPureTensorSemantics() ||
      generic.getNumDpsInits() != 1 ||
      generic.getNumLoops() != type.getRank() ||
      generic.getNumParallelLoops() != generic.getNumLoops())
    return nullptr;
  for (OpOperand &operand : generic->getOpOperands()) {
    AffineMap map = generic.getMatchingIndexingMap(&operand);
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/false))
      return nullptr;
    bool isInit = generic.isDpsInit(&operand);
    if ((isInit || operand.get() == value) && !map.isIdentity())
      return nullptr;
    if (isInit && operand.get() == value)
      return nullptr;
  }
  if (ArrayRef<int64_t>(generic.getStaticLoopRanges()) != type.getShape())
    return nullptr;
  return generic;
}

/// `consumer` rebuilt over `extents`, with `padded` in place of `original`
/// and every other operand zero-padded to the new extents.
static Value padConsumer(RewriterBase &rewriter, linalg::GenericOp consumer,
                         Value original, Value padded,
                         ArrayRef<int64_t> extents) {
  Location loc = consumer.getLoc();
  SmallVector<Value> inputs;
  for (OpOperand *input : consumer.getDpsInputOperands()) {
    if (input->get() == original) {
      inputs.push_back(padded);
      continue;
    }
    AffineMap map = consumer.getMatchingIndexingMap(input);
    inputs.push_back(padWithZeros(rewriter, loc, input->get(),
                                  getOperandShape(map, extents)));
  }
  Value init = consumer.getDpsInits()[0];
  Value newInit =
      init.getDefiningOp<tensor::EmptyOp>()
          ? tensor::EmptyOp::create(rewriter, loc, extents,
                                    getElementTypeOrSelf(init.getType()))
                .getResult()
          : padWithZeros(rewriter, loc, init, extents);
  auto generic = linalg::GenericOp::create(
      rewriter, loc, newInit.getType(), inputs, newInit,
      consumer.getIndexingMapsArray(), consumer.getIteratorTypesArray());
  generic->setDiscardableAttrs(consumer->getDiscardableAttrDictionary());
  rewriter.cloneRegionBefore(consumer.getRegion(), generic.getRegion(),
                             generic.getRegion().end());
  return generic.getResult(0);
}

/// Pads `matmul` (a matmul or batch matmul) to `extents` ((batch,) M, N, K)
/// and its chain of elementwise consumers to ((batch,) M, N); replaces the
/// end of the chain by the extraction of its original extents.
static void padMatmul(RewriterBase &rewriter, linalg::LinalgOp matmul,
                      ArrayRef<int64_t> extents) {
  Location loc = matmul.getLoc();
  SmallVector<int64_t> batch(extents.begin(), extents.end() - 3);
  int64_t m = extents.end()[-3], n = extents.end()[-2], k = extents.back();
  auto shape = [&](int64_t rows, int64_t columns) {
    SmallVector<int64_t> s = batch;
    s.append({rows, columns});
    return s;
  };
  rewriter.setInsertionPoint(matmul);
  Value a = padWithZeros(rewriter, loc, matmul.getDpsInputs()[0], shape(m, k));
  Value b = padWithZeros(rewriter, loc, matmul.getDpsInputs()[1], shape(k, n));
  Value c = padInit(rewriter, loc, matmul.getDpsInits()[0], shape(m, n));
  Operation *padded =
      batch.empty()
          ? linalg::MatmulOp::create(rewriter, loc, c.getType(),
                                     ValueRange{a, b}, ValueRange{c})
                .getOperation()
          : linalg::BatchMatmulOp::create(rewriter, loc, c.getType(),
                                          ValueRange{a, b}, ValueRange{c})
                .getOperation();
  padded->setDiscardableAttrs(matmul->getDiscardableAttrDictionary());
  Value original = matmul->getResult(0), result = padded->getResult(0);
  SmallVector<Operation *> chain = {matmul};
  while (linalg::GenericOp consumer = getPaddableConsumer(original)) {
    rewriter.setInsertionPoint(consumer);
    result = padConsumer(rewriter, consumer, original, result, shape(m, n));
    original = consumer.getResult(0);
    chain.push_back(consumer);
  }
  auto type = cast<RankedTensorType>(original.getType());
  SmallVector<OpFoldResult> offsets(type.getRank(), rewriter.getIndexAttr(0)),
      strides(type.getRank(), rewriter.getIndexAttr(1));
  Value slice = tensor::ExtractSliceOp::create(
      rewriter, loc, type, result, offsets,
      getAsIndexOpFoldResult(rewriter.getContext(), type.getShape()), strides);
  rewriter.replaceAllUsesWith(original, slice);
  for (Operation *op : llvm::reverse(chain))
    rewriter.eraseOp(op);
}

LogicalResult mlir::tuner::padContractions(Operation *root) {
  SmallVector<std::pair<linalg::LinalgOp, SmallVector<int64_t>>> matmuls;
  root->walk([&](linalg::LinalgOp op) {
    if (std::optional<SmallVector<int64_t>> extents = getPaddedExtents(op))
      matmuls.emplace_back(op, std::move(*extents));
  });
  IRRewriter rewriter(root->getContext());
  for (auto &[matmul, extents] : matmuls)
    padMatmul(rewriter, matmul, extents);
  return success();
}

namespace {
struct TunerPadContractionsPass
    : public tuner::impl::TunerPadContractionsBase<TunerPadContractionsPass> {
  void runOnOperation() override {
    if (failed(padContractions(getOperation())))
      signalPassFailure();
  }
};
} // namespace
