//===- SchedTransformOps.cpp - transform ops of mlir-tuner ----------------===//

#include "Tuner/Dialect/Sched/TransformOps/SchedTransformOps.h"

#include "Tuner/Dialect/Sched/TransformOps/BlockMatmul.h"
#include "Tuner/Dialect/Sched/TransformOps/BlockRaster.h"

#include "Tuner/Dialect/Sched/TransformOps/SimtMatmul.h"
#include "Tuner/Dialect/Sched/TransformOps/TensorCoreMatmul.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::transform;

#define GET_OP_CLASSES
#include "Tuner/Dialect/Sched/TransformOps/SchedTransformOps.cpp.inc"

//===----------------------------------------------------------------------===//
// NextPowerOfTwoOp
//===----------------------------------------------------------------------===//

void transform::sched::NextPowerOfTwoOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  onlyReadsHandle(getParamMutable(), effects);
  producesHandle(getOperation()->getOpResults(), effects);
}

DiagnosedSilenceableFailure
transform::sched::NextPowerOfTwoOp::apply(TransformRewriter &rewriter,
                                          TransformResults &results,
                                          TransformState &state) {
  SmallVector<Attribute> rounded;
  for (Attribute attr : state.getParams(getParam())) {
    auto value = dyn_cast<IntegerAttr>(attr);
    if (!value)
      return emitSilenceableError() << "expected integer params, got " << attr;
    int64_t v = value.getInt();
    rounded.push_back(IntegerAttr::get(
        value.getType(), v < 1 ? 1
                               : static_cast<int64_t>(llvm::PowerOf2Ceil(
                                     static_cast<uint64_t>(v)))));
  }
  results.setParams(cast<OpResult>(getResult()), rounded);
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// ExactDivideOp
//===----------------------------------------------------------------------===//

void transform::sched::ExactDivideOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  onlyReadsHandle(getParamMutable(), effects);
  producesHandle(getOperation()->getOpResults(), effects);
}

DiagnosedSilenceableFailure
transform::sched::ExactDivideOp::apply(TransformRewriter &rewriter,
                                       TransformResults &results,
                                       TransformState &state) {
  int64_t divisor = getDivisor();
  SmallVector<Attribute> quotients;
  for (Attribute attr : state.getParams(getParam())) {
    auto value = dyn_cast<IntegerAttr>(attr);
    if (!value)
      return emitSilenceableError() << "expected integer params, got " << attr;
    if (value.getInt() % divisor)
      return emitSilenceableError()
             << value.getInt() << " is not a multiple of " << divisor;
    quotients.push_back(
        IntegerAttr::get(value.getType(), value.getInt() / divisor));
  }
  results.setParams(cast<OpResult>(getResult()), quotients);
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// VectorizeStaticOp
//===----------------------------------------------------------------------===//

void transform::sched::VectorizeStaticOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  consumesHandle(getTargetMutable(), effects);
  modifiesPayload(effects);
}

DiagnosedSilenceableFailure
transform::sched::VectorizeStaticOp::apply(TransformRewriter &rewriter,
                                           TransformResults &results,
                                           TransformState &state) {
  for (Operation *op : state.getPayloadOps(getTarget())) {
    SmallVector<int64_t> sizes;
    if (auto pad = dyn_cast<tensor::PadOp>(op)) {
      RankedTensorType type = pad.getResultType();
      if (!type.hasStaticShape())
        return emitSilenceableError()
               << "cannot vectorize a tensor.pad with a dynamic shape";
      llvm::append_range(sizes, type.getShape());
    }
    rewriter.setInsertionPoint(op);
    FailureOr<linalg::VectorizationResult> vectorized =
        linalg::vectorize(rewriter, op, sizes);
    if (failed(vectorized))
      return emitSilenceableError() << "failed to vectorize " << op->getName();
    if (!vectorized->replacements.empty())
      rewriter.replaceOp(op, vectorized->replacements);
    else
      rewriter.eraseOp(op);
  }
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// DropContractionUnitDimsOp
//===----------------------------------------------------------------------===//

void transform::sched::DropContractionUnitDimsOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  onlyReadsHandle(getTargetMutable(), effects);
  modifiesPayload(effects);
}

/// `value` (a vector) without the dimensions its map `map` has for loop
/// `dim`, which are of extent 1.
static Value dropLoopDim(OpBuilder &b, Location loc, Value value, AffineMap map,
                         unsigned dim) {
  auto type = cast<VectorType>(value.getType());
  SmallVector<int64_t> shape;
  for (auto [i, e] : llvm::enumerate(map.getResults()))
    if (!e.isFunctionOfDim(dim))
      shape.push_back(type.getDimSize(i));
  return vector::ShapeCastOp::create(
      b, loc, VectorType::get(shape, type.getElementType()), value);
}

/// Drops reduction loop `dim` (of extent 1) from `contract`; returns the new
/// contraction.
static vector::ContractionOp dropReductionDim(RewriterBase &rewriter,
                                              vector::ContractionOp contract,
                                              unsigned dim) {
  Location loc = contract.getLoc();
  SmallVector<AffineMap> maps = contract.getIndexingMapsArray();
  rewriter.setInsertionPoint(contract);
  Value lhs = dropLoopDim(rewriter, loc, contract.getLhs(), maps[0], dim);
  Value rhs = dropLoopDim(rewriter, loc, contract.getRhs(), maps[1], dim);
  SmallVector<Attribute> newMaps;
  for (AffineMap map : maps) {
    SmallVector<AffineExpr> results;
    for (AffineExpr e : map.getResults())
      if (!e.isFunctionOfDim(dim))
        results.push_back(e);
    AffineMap kept =
        AffineMap::get(map.getNumDims(), 0, results, rewriter.getContext());
    newMaps.push_back(AffineMapAttr::get(
        compressDims(kept, llvm::SmallBitVector(map.getNumDims()).set(dim))));
  }
  SmallVector<Attribute> iterators(contract.getIteratorTypes().getValue());
  iterators.erase(iterators.begin() + dim);
  auto replacement = vector::ContractionOp::create(
      rewriter, loc, lhs, rhs, contract.getAcc(),
      rewriter.getArrayAttr(newMaps), rewriter.getArrayAttr(iterators),
      contract.getKind());
  rewriter.replaceOp(contract, replacement);
  return replacement;
}

/// The first reduction loop of `contract` of extent 1 when it has more than
/// one reduction loop.
static std::optional<unsigned>
getDroppableReductionDim(vector::ContractionOp contract) {
  SmallVector<int64_t> bounds;
  contract.getIterationBounds(bounds);
  SmallVector<unsigned> reductions;
  for (auto [i, iterator] : llvm::enumerate(contract.getIteratorTypesArray()))
    if (iterator == vector::IteratorType::reduction)
      reductions.push_back(i);
  if (reductions.size() < 2)
    return std::nullopt;
  for (unsigned d : reductions)
    if (bounds[d] == 1)
      return d;
  return std::nullopt;
}

DiagnosedSilenceableFailure
transform::sched::DropContractionUnitDimsOp::apply(TransformRewriter &rewriter,
                                                   TransformResults &results,
                                                   TransformState &state) {
  for (Operation *payload : state.getPayloadOps(getTarget())) {
    SmallVector<vector::ContractionOp> contracts;
    payload->walk([&](vector::ContractionOp contract) {
      if (!isa<vector::MaskingOpInterface>(contract->getParentOp()))
        contracts.push_back(contract);
    });
    for (vector::ContractionOp contract : contracts) {
      while (std::optional<unsigned> dim = getDroppableReductionDim(contract))
        contract = dropReductionDim(rewriter, contract, *dim);
    }
  }
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// PeelPartialOp
//===----------------------------------------------------------------------===//

/// Whether `loop`'s step divides its range: bounds and step constants.
static bool hasOnlyFullSteps(scf::ForOp loop) {
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound()),
                         ub = getConstantIntValue(loop.getUpperBound()),
                         step = getConstantIntValue(loop.getStep());
  return lb && ub && step && *step > 0 && (*ub - *lb) % *step == 0;
}

DiagnosedSilenceableFailure
transform::sched::PeelPartialOp::apply(TransformRewriter &rewriter,
                                       TransformResults &results,
                                       TransformState &state) {
  SmallVector<Operation *> main, remainder;
  for (Operation *op : state.getPayloadOps(getTarget())) {
    auto loop = dyn_cast<scf::ForOp>(op);
    if (!loop)
      return emitSilenceableError()
             << "expected scf.for, got " << op->getName();
    main.push_back(loop);
    if (hasOnlyFullSteps(loop))
      continue;
    scf::ForOp partial;
    if (failed(scf::peelForLoopAndSimplifyBounds(rewriter, loop, partial)))
      continue;
    // The partial loop runs at most once, at its lower bound: with that in
    // place of its induction variable, its tile sizes fold to constants.
    rewriter.replaceAllUsesWith(partial.getInductionVar(),
                                partial.getLowerBound());
    remainder.push_back(partial);
  }
  results.set(cast<OpResult>(getMain()), main);
  results.set(cast<OpResult>(getRemainder()), remainder);
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// FoldFillIntoPadOp
//===----------------------------------------------------------------------===//

void transform::sched::FoldFillIntoPadOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  onlyReadsHandle(getTargetMutable(), effects);
  producesHandle(getOperation()->getOpResults(), effects);
  modifiesPayload(effects);
}

/// The fill that `pad` pads with its own value, or null.
static linalg::FillOp getFillPaddedWithItsValue(tensor::PadOp pad) {
  auto fill = pad.getSource().getDefiningOp<linalg::FillOp>();
  Value padValue = pad.getConstantPaddingValue();
  if (!fill || !padValue || fill.getNumResults() != 1)
    return nullptr;
  Attribute padConstant, fillConstant;
  if (!matchPattern(padValue, m_Constant(&padConstant)) ||
      !matchPattern(fill.value(), m_Constant(&fillConstant)) ||
      padConstant != fillConstant)
    return nullptr;
  return fill;
}

/// Erases `fill` once its result is only the init of linalg ops that
/// overwrite it without reading it (the copy of a padded result back) or
/// the operand of tensor.dim ops: those take the fill's destination, of the
/// same shape, instead.
static void dropUnreadFill(RewriterBase &rewriter, linalg::FillOp fill) {
  Value result = fill.getResult(0), dest = fill.getDpsInits()[0];
  for (OpOperand &use : llvm::make_early_inc_range(result.getUses())) {
    Operation *user = use.getOwner();
    auto linalgUser = dyn_cast<linalg::LinalgOp>(user);
    if (isa<tensor::DimOp>(user) ||
        (linalgUser && linalgUser.isDpsInit(&use) &&
         !linalgUser.payloadUsesValueFromOperand(&use)))
      rewriter.modifyOpInPlace(user, [&] { use.set(dest); });
  }
  if (fill->use_empty())
    rewriter.eraseOp(fill);
}

DiagnosedSilenceableFailure
transform::sched::FoldFillIntoPadOp::apply(TransformRewriter &rewriter,
                                           TransformResults &results,
                                           TransformState &state) {
  SmallVector<Operation *> fills;
  for (Operation *op : state.getPayloadOps(getTarget())) {
    auto dps = dyn_cast<DestinationStyleOpInterface>(op);
    if (!dps)
      continue;
    for (OpOperand &init : dps.getDpsInitsMutable()) {
      auto pad = init.get().getDefiningOp<tensor::PadOp>();
      linalg::FillOp fill = pad ? getFillPaddedWithItsValue(pad) : nullptr;
      if (!fill)
        continue;
      rewriter.setInsertionPoint(pad);
      SmallVector<OpFoldResult> sizes =
          tensor::getMixedSizes(rewriter, pad.getLoc(), pad.getResult());
      Value empty = tensor::EmptyOp::create(
          rewriter, pad.getLoc(), sizes, pad.getResultType().getElementType());
      auto newFill =
          linalg::FillOp::create(rewriter, fill.getLoc(), fill.value(), empty);
      rewriter.modifyOpInPlace(op, [&] { init.set(newFill.getResult(0)); });
      fills.push_back(newFill);
      if (pad->use_empty())
        rewriter.eraseOp(pad);
      dropUnreadFill(rewriter, fill);
    }
  }
  results.set(cast<OpResult>(getFill()), fills);
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// VectorizePadRowsOp
//===----------------------------------------------------------------------===//

void transform::sched::VectorizePadRowsOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  consumesHandle(getTargetMutable(), effects);
  producesHandle(getOperation()->getOpResults(), effects);
  modifiesPayload(effects);
}

/// The most elements of one chunk of sched.vectorize_pad_rows.
static constexpr int64_t kMaxChunkElements = int64_t(1) << 20;

/// An upper bound of the size of `value` (a ranked tensor) along `dim`: its
/// static size, else that of the tensor it is a unit-stride slice of, and
/// so on; nullopt when there is none.
static std::optional<int64_t> getSizeUpperBound(Value value, int64_t dim) {
  std::optional<int64_t> bound;
  while (true) {
    auto type = cast<RankedTensorType>(value.getType());
    if (!type.isDynamicDim(dim))
      return type.getDimSize(dim);
    FailureOr<int64_t> ub = ValueBoundsConstraintSet::computeConstantBound(
        presburger::BoundType::UB, {value, dim}, /*stopCondition=*/nullptr,
        /*closedUB=*/true);
    if (succeeded(ub))
      bound = bound ? std::min(*bound, *ub) : *ub;
    auto slice = value.getDefiningOp<tensor::ExtractSliceOp>();
    if (!slice || !slice.hasUnitStride() ||
        slice.getSourceType().getRank() != type.getRank())
      return bound;
    value = slice.getSource();
  }
}

/// Builds `pad`'s padded tensor chunk by chunk (see the op's description);
/// returns the outermost loop, or null when there is none (a 1-D pad).
static Operation *buildPaddedInRows(RewriterBase &rewriter, tensor::PadOp pad,
                                    Value padValue, int64_t rows) {
  Location loc = pad.getLoc();
  RankedTensorType type = pad.getResultType();
  ArrayRef<int64_t> shape = type.getShape();
  int64_t rank = type.getRank();
  Value source = pad.getSource();
  // The vector of one chunk: 1 along the leading dims, `rows` rows (at most
  // the padded rows), the last dim rounded up to a power of two.
  SmallVector<int64_t> vectorShape(rank, 1);
  vectorShape.back() = llvm::PowerOf2Ceil(shape.back());
  if (rank >= 2)
    vectorShape[rank - 2] = std::min(rows, shape[rank - 2]);
  auto vectorType = VectorType::get(vectorShape, type.getElementType());
  auto maskType = VectorType::get(vectorShape, rewriter.getI1Type());
  // A chunk reads no wider than the source's rows can be (a power of two of
  // their upper bound: a K block of 16 over a K of 3 reads 4 lanes), the
  // rest of the padded row is padding. Masked lanes past a short row are
  // legal, but LLVM 22 compiled some 16-lane masked loads on AVX2 to plain
  // loads of their upper half, which read past the end of A.
  SmallVector<int64_t> readShape(vectorShape);
  std::optional<int64_t> columns = getSizeUpperBound(source, rank - 1);
  if (columns && *columns < readShape.back())
    readShape.back() = llvm::PowerOf2Ceil(std::max<int64_t>(*columns, 1));
  auto readType = VectorType::get(readShape, type.getElementType());
  auto readMaskType = VectorType::get(readShape, rewriter.getI1Type());
  bool maskWrite = vectorShape.back() != shape.back() ||
                   (rank >= 2 && shape[rank - 2] % vectorShape[rank - 2]);

  Value init =
      tensor::EmptyOp::create(rewriter, loc, shape, type.getElementType());
  SmallVector<int64_t> steps(vectorShape.begin(), vectorShape.end() - 1);
  SmallVector<Value> lbs, ubs, stepValues;
  for (int64_t d = 0; d + 1 < rank; ++d) {
    lbs.push_back(arith::ConstantIndexOp::create(rewriter, loc, 0));
    ubs.push_back(arith::ConstantIndexOp::create(rewriter, loc, shape[d]));
    stepValues.push_back(
        arith::ConstantIndexOp::create(rewriter, loc, steps[d]));
  }
  auto body = [&](OpBuilder &b, Location loc, ValueRange ivs,
                  ValueRange args) -> scf::ValueVector {
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    SmallVector<Value> indices(ivs.begin(), ivs.end());
    indices.push_back(zero);
    // What is left of the source (read) and of the padded tensor (write)
    // from the chunk's first index on: create_mask clamps to [0, size].
    auto getMask = [&](VectorType type, auto getExtent) -> Value {
      SmallVector<Value> bounds;
      for (int64_t d = 0; d < rank; ++d)
        bounds.push_back(
            arith::SubIOp::create(b, loc, getExtent(d), indices[d]));
      return vector::CreateMaskOp::create(b, loc, type, bounds);
    };
    Value readMask = getMask(readMaskType, [&](int64_t d) -> Value {
      return tensor::DimOp::create(b, loc, source, d);
    });
    SmallVector<bool> inBounds(rank, true);
    Value chunk = vector::TransferReadOp::create(
        b, loc, readType, source, indices,
        AffineMapAttr::get(b.getMultiDimIdentityMap(rank)), padValue, readMask,
        b.getBoolArrayAttr(inBounds));
    if (readType != vectorType) {
      Value padding = vector::BroadcastOp::create(b, loc, vectorType, padValue);
      chunk = vector::InsertStridedSliceOp::create(
          b, loc, chunk, padding, SmallVector<int64_t>(rank, 0),
          SmallVector<int64_t>(rank, 1));
    }
    Value writeMask;
    if (maskWrite)
      writeMask = getMask(maskType, [&](int64_t d) -> Value {
        return arith::ConstantIndexOp::create(b, loc, shape[d]);
      });
    Value dest = args.empty() ? init : args.front();
    auto write = vector::TransferWriteOp::create(
        b, loc, chunk, dest, indices,
        AffineMapAttr::get(b.getMultiDimIdentityMap(rank)), writeMask,
        b.getBoolArrayAttr(inBounds));
    return {write.getResult()};
  };
  if (rank == 1) {
    scf::ValueVector result = body(rewriter, loc, {}, {});
    rewriter.replaceOp(pad, result.front());
    return nullptr;
  }
  scf::LoopNest nest = scf::buildLoopNest(rewriter, loc, lbs, ubs, stepValues,
                                          ValueRange{init}, body);
  rewriter.replaceOp(pad, nest.results.front());
  return nest.loops.front();
}

DiagnosedSilenceableFailure
transform::sched::VectorizePadRowsOp::apply(TransformRewriter &rewriter,
                                            TransformResults &results,
                                            TransformState &state) {
  SmallVector<Operation *> loops;
  for (Operation *op : state.getPayloadOps(getTarget())) {
    auto pad = dyn_cast<tensor::PadOp>(op);
    if (!pad)
      continue;
    RankedTensorType type = pad.getResultType();
    if (!type.hasStaticShape())
      return emitSilenceableError() << "expected a pad with a static shape";
    // A vector of a chunk's rows: not empty, and not so long that the
    // vector code explodes (a row of 2^40 lanes).
    if (type.getNumElements() == 0 ||
        static_cast<int64_t>(llvm::PowerOf2Ceil(type.getShape().back())) *
                getRows() >
            kMaxChunkElements)
      return emitSilenceableError()
             << "expected a non-empty pad whose chunks of " << getRows()
             << " rows have at most " << kMaxChunkElements << " elements";
    Value padValue = pad.getConstantPaddingValue();
    if (!padValue || !matchPattern(padValue, m_Constant()))
      return emitSilenceableError() << "expected a constant padding value";
    if (!llvm::all_of(pad.getMixedLowPad(), isZeroInteger))
      return emitSilenceableError() << "expected no low padding";
    if (!pad.getNofold() && pad.getSourceType() == pad.getResultType() &&
        llvm::all_of(pad.getMixedHighPad(), isZeroInteger)) {
      rewriter.replaceOp(pad, pad.getSource());
      continue;
    }
    rewriter.setInsertionPoint(pad);
    // The constant is in the pad's region: a copy of it before the loops.
    Operation *constant = rewriter.clone(*padValue.getDefiningOp());
    if (Operation *loop =
            buildPaddedInRows(rewriter, pad, constant->getResult(0), getRows()))
      loops.push_back(loop);
  }
  results.set(cast<OpResult>(getLoops()), loops);
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// RankReduceToMatmulOp
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
transform::sched::RankReduceToMatmulOp::apply(TransformRewriter &rewriter,
                                              TransformResults &results,
                                              TransformState &state) {
  // Check every payload op first: a failure leaves the payload as it was.
  SmallVector<linalg::LinalgOp> ops;
  for (Operation *op : state.getPayloadOps(getTarget())) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    std::string whyNot = "expected a linalg op";
    if (!linalgOp ||
        failed(tuner::checkRankReducibleMatmul(linalgOp, whyNot))) {
      DiagnosedSilenceableFailure diag = emitSilenceableError()
                                         << "cannot make a 2-D matmul";
      diag.attachNote(op->getLoc()) << whyNot;
      return diag;
    }
    ops.push_back(linalgOp);
  }
  SmallVector<Operation *> matmuls;
  for (linalg::LinalgOp op : ops) {
    std::string whyNot;
    FailureOr<linalg::MatmulOp> matmul =
        tuner::rankReduceToMatmul(rewriter, op, whyNot);
    if (failed(matmul))
      return emitDefiniteFailure() << "rank reduction failed: " << whyNot;
    matmuls.push_back(*matmul);
  }
  results.set(cast<OpResult>(getMatmul()), matmuls);
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// RasterizeBlocksOp
//===----------------------------------------------------------------------===//

void transform::sched::RasterizeBlocksOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  onlyReadsHandle(getTargetMutable(), effects);
  modifiesPayload(effects);
}

DiagnosedSilenceableFailure
transform::sched::RasterizeBlocksOp::apply(TransformRewriter &rewriter,
                                           TransformResults &results,
                                           TransformState &state) {
  // Check every payload op first: a failure leaves the payload as it was.
  SmallVector<scf::ForallOp> loops;
  for (Operation *op : state.getPayloadOps(getTarget())) {
    auto forall = dyn_cast<scf::ForallOp>(op);
    std::string whyNot = "expected an scf.forall";
    if (!forall || failed(tuner::checkRasterizable(forall, whyNot))) {
      DiagnosedSilenceableFailure diag = emitSilenceableError()
                                         << "cannot rasterize the blocks";
      diag.attachNote(op->getLoc()) << whyNot;
      return diag;
    }
    loops.push_back(forall);
  }
  for (scf::ForallOp forall : loops) {
    std::string whyNot;
    if (failed(
            tuner::rasterizeBlocks(rewriter, forall, getGroupRows(), whyNot)))
      return emitDefiniteFailure() << "rasterization failed: " << whyNot;
  }
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// TensorCoreMatmulOp
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
transform::sched::TensorCoreMatmulOp::apply(TransformRewriter &rewriter,
                                            TransformResults &results,
                                            TransformState &state) {
  tuner::TensorCoreMatmulOptions options{
      static_cast<int64_t>(getWarpsM()), static_cast<int64_t>(getWarpsN()),
      static_cast<int64_t>(getTileK()), static_cast<int64_t>(getStages())};
  // Check every payload op first: a failure leaves the payload as it was.
  SmallVector<linalg::MatmulOp> matmuls;
  for (Operation *op : state.getPayloadOps(getTarget())) {
    auto matmul = dyn_cast<linalg::MatmulOp>(op);
    std::string whyNot = "expected a linalg.matmul";
    if (!matmul ||
        failed(tuner::checkTensorCoreMatmul(matmul, options, whyNot))) {
      DiagnosedSilenceableFailure diag = emitSilenceableError()
                                         << "cannot build a tensor-core kernel";
      diag.attachNote(op->getLoc()) << whyNot;
      return diag;
    }
    matmuls.push_back(matmul);
  }
  SmallVector<Operation *> kernels;
  for (linalg::MatmulOp matmul : matmuls) {
    FailureOr<scf::ForallOp> kernel =
        tuner::rewriteMatmulAsTensorCoreKernel(rewriter, matmul, options);
    if (failed(kernel))
      return emitDefiniteFailure() << "tensor-core kernel rewrite failed";
    kernels.push_back(*kernel);
  }
  results.set(cast<OpResult>(getKernel()), kernels);
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// SimtMatmulOp
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure
transform::sched::SimtMatmulOp::apply(TransformRewriter &rewriter,
                                      TransformResults &results,
                                      TransformState &state) {
  tuner::SimtMatmulOptions options{
      static_cast<int64_t>(getThreadsM()), static_cast<int64_t>(getThreadsN()),
      static_cast<int64_t>(getTileK()), static_cast<int64_t>(getStages())};
  // Check every payload op first: a failure leaves the payload as it was.
  SmallVector<linalg::MatmulOp> matmuls;
  for (Operation *op : state.getPayloadOps(getTarget())) {
    auto matmul = dyn_cast<linalg::MatmulOp>(op);
    std::string whyNot = "expected a linalg.matmul";
    if (!matmul || failed(tuner::checkSimtMatmul(matmul, options, whyNot))) {
      DiagnosedSilenceableFailure diag =
          emitSilenceableError() << "cannot build a CUDA-core matmul kernel";
      diag.attachNote(op->getLoc()) << whyNot;
      return diag;
    }
    matmuls.push_back(matmul);
  }
  SmallVector<Operation *> kernels;
  for (linalg::MatmulOp matmul : matmuls) {
    FailureOr<scf::ForallOp> kernel =
        tuner::rewriteMatmulAsSimtKernel(rewriter, matmul, options);
    if (failed(kernel))
      return emitDefiniteFailure() << "CUDA-core kernel rewrite failed";
    kernels.push_back(*kernel);
  }
  results.set(cast<OpResult>(getKernel()), kernels);
  return DiagnosedSilenceableFailure::success();
}

namespace {
class SchedTransformDialectExtension
    : public transform::TransformDialectExtension<
          SchedTransformDialectExtension> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SchedTransformDialectExtension)

  SchedTransformDialectExtension() {
    declareGeneratedDialect<arith::ArithDialect>();
    declareGeneratedDialect<func::FuncDialect>();
    declareGeneratedDialect<gpu::GPUDialect>();
    declareGeneratedDialect<LLVM::LLVMDialect>();
    declareGeneratedDialect<math::MathDialect>();
    declareGeneratedDialect<memref::MemRefDialect>();
    declareGeneratedDialect<NVVM::NVVMDialect>();
    declareGeneratedDialect<nvgpu::NVGPUDialect>();
    declareGeneratedDialect<linalg::LinalgDialect>();
    declareGeneratedDialect<scf::SCFDialect>();
    declareGeneratedDialect<tensor::TensorDialect>();
    declareGeneratedDialect<vector::VectorDialect>();
    registerTransformOps<
#define GET_OP_LIST
#include "Tuner/Dialect/Sched/TransformOps/SchedTransformOps.cpp.inc"
        >();
  }
};
} // namespace

void mlir::sched::registerTransformDialectExtension(DialectRegistry &registry) {
  registry.addExtensions<SchedTransformDialectExtension>();
}
