//===- RowReduction.cpp - warp-per-row reduction kernels ------------------===//
//
// rewriteRowReduction: a block-level row reduction on memrefs (softmax's
// maximum and sum, a norm's mean and variance) as one or several warps per
// row. The lanes of a row stride over it in steps of `vector` consecutive
// elements (coalesced: a warp reads 32 x vector consecutive elements per
// step), each folding the op's body into a partial result that starts at the
// combiner's neutral element; a butterfly of gpu.shuffle xor gives every
// lane of a warp the warp's result; warps of one row meet in shared memory.
// The init (what the fill wrote) is combined last, once per row. Only the
// order of the combinations differs from the op's sequential loop, which a
// commutative, associative combiner allows (floating-point sums round
// differently: the result check's tolerance of the element type).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Dialect/Sched/TransformOps/RowReduction.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::tuner;

/// Threads per warp (NVIDIA).
static constexpr int64_t kWarpSize = 32;

/// The op combining the body's value with the init's block argument (the
/// yielded value's definition), or null with `whyNot` set.
static Operation *getCombiner(linalg::LinalgOp op, std::string &whyNot) {
  Block *body = op.getBlock();
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  BlockArgument out = op.getMatchingBlockArgument(op.getDpsInitOperand(0));
  Operation *combiner = yield.getNumOperands() == 1
                            ? yield.getOperand(0).getDefiningOp()
                            : nullptr;
  if (!combiner || combiner->getBlock() != body ||
      combiner->getNumOperands() != 2 || combiner->getNumRegions() != 0 ||
      !llvm::is_contained(combiner->getOperands(), out) ||
      combiner->getOperand(0) == combiner->getOperand(1) || !out.hasOneUse()) {
    whyNot = "the body does not yield one combination of the init with a "
             "value of the row";
    return nullptr;
  }
  // Commutative and associative (up to rounding), with a neutral element.
  if (!isa<arith::AddFOp, arith::MulFOp, arith::MaximumFOp, arith::MinimumFOp,
           arith::MaxNumFOp, arith::MinNumFOp, arith::AddIOp, arith::MulIOp,
           arith::AndIOp, arith::OrIOp, arith::XOrIOp, arith::MaxSIOp,
           arith::MinSIOp, arith::MaxUIOp, arith::MinUIOp>(combiner) ||
      !arith::getNeutralElement(combiner)) {
    whyNot = "the combiner '" + combiner->getName().getStringRef().str() +
             "' is not a commutative, associative operation with a neutral "
             "element";
    return nullptr;
  }
  return combiner;
}

LogicalResult mlir::tuner::checkRowReduction(linalg::LinalgOp op,
                                             std::string &whyNot) {
  if (!isa<linalg::GenericOp>(op)) {
    whyNot = "not a linalg.generic";
    return failure();
  }
  unsigned numLoops = op.getNumLoops();
  if (op.getNumDpsInits() != 1 || numLoops < 2 || numLoops > 4 ||
      op.getNumReductionLoops() != 1 ||
      op.getIteratorTypesArray().back() != utils::IteratorType::reduction) {
    whyNot = "needs one init, 1 to 3 parallel loops and one reduction loop, "
             "innermost";
    return failure();
  }
  if (op.hasDynamicShape()) {
    whyNot = "needs static shapes";
    return failure();
  }
  AffineMap initMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (initMap != AffineMap::getMultiDimIdentityMap(numLoops, op.getContext())
                     .getMajorSubMap(numLoops - 1)) {
    whyNot = "the init is not indexed by the parallel loops in order";
    return failure();
  }
  for (OpOperand *input : op.getDpsInputOperands()) {
    if (!op.getMatchingIndexingMap(input).isProjectedPermutation()) {
      whyNot = "an input map is not a projected permutation";
      return failure();
    }
  }
  Type acc = getElementTypeOrSelf(op.getDpsInitOperand(0)->get().getType());
  if (!acc.isIntOrFloat() || (acc.getIntOrFloatBitWidth() != 32 &&
                              acc.getIntOrFloatBitWidth() != 64)) {
    whyNot = "the result is not of 32- or 64-bit integers or floats (a warp "
             "shuffle moves 32 bits)";
    return failure();
  }
  return success(getCombiner(op, whyNot) != nullptr);
}

FailureOr<std::optional<RowReductionOptions>>
mlir::tuner::getRowReductionOptions(Operation *op) {
  auto warps = op->getAttrOfType<IntegerAttr>(kRowReductionWarpsAttrName);
  auto vector = op->getAttrOfType<IntegerAttr>(kRowReductionVectorAttrName);
  if (!op->hasAttr(kRowReductionWarpsAttrName) &&
      !op->hasAttr(kRowReductionVectorAttrName))
    return std::optional<RowReductionOptions>();
  if (!warps || !vector)
    return op->emitError("a row reduction kernel needs integer '")
           << kRowReductionWarpsAttrName << "' and '"
           << kRowReductionVectorAttrName << "' attributes";
  RowReductionOptions options{warps.getValue().getSExtValue(),
                              vector.getValue().getSExtValue()};
  if (!llvm::is_contained({1, 2, 4, 8}, options.warps) ||
      !llvm::is_contained({1, 2, 4}, options.vector))
    return op->emitError("a row reduction kernel takes 1, 2, 4 or 8 warps "
                         "and vectors of 1, 2 or 4 elements");
  return std::optional<RowReductionOptions>(options);
}

/// Whether the first element of `memref`'s view lies a multiple of `elems`
/// elements past the start of an allocation (memref.alloc, or a global:
/// buffers that the device runtime allocates at least 256-byte aligned),
/// through subviews only. Function arguments are not trusted: a caller may
/// pass any view.
static bool startsAligned(Value memref, int64_t elems) {
  while (auto view = memref.getDefiningOp<memref::SubViewOp>()) {
    SmallVector<int64_t> strides;
    int64_t offset;
    if (failed(view.getSourceType().getStridesAndOffset(strides, offset)))
      return false;
    for (auto [off, stride] : llvm::zip(view.getMixedOffsets(), strides)) {
      std::optional<int64_t> o = getConstantIntValue(off);
      bool staticStride = !ShapedType::isDynamic(stride);
      if (!(staticStride && stride % elems == 0) &&
          !(o && staticStride && (*o * stride) % elems == 0))
        return false;
    }
    memref = view.getSource();
  }
  if (!memref.getDefiningOp<memref::AllocOp>() &&
      !memref.getDefiningOp<memref::GetGlobalOp>())
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  return succeeded(cast<MemRefType>(memref.getType())
                       .getStridesAndOffset(strides, offset)) &&
         offset == 0;
}

/// `value` (32 or 64 bits) of the lane whose id is this lane's xor `offset`.
static Value shuffleXor(OpBuilder &b, Location loc, Value value,
                        int32_t offset) {
  Type type = value.getType();
  if (type.getIntOrFloatBitWidth() == 32)
    return gpu::ShuffleOp::create(b, loc, value, offset, kWarpSize,
                                  gpu::ShuffleMode::XOR)
        .getShuffleResult();
  // 64 bits: the two halves, one shuffle each.
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  Value bits =
      type.isInteger() ? value : arith::BitcastOp::create(b, loc, i64, value);
  Value c32 = arith::ConstantIntOp::create(b, loc, i64, 32);
  Value lo = arith::TruncIOp::create(b, loc, i32, bits);
  Value hi = arith::TruncIOp::create(b, loc, i32,
                                     arith::ShRUIOp::create(b, loc, bits, c32));
  Value lo2 = gpu::ShuffleOp::create(b, loc, lo, offset, kWarpSize,
                                     gpu::ShuffleMode::XOR)
                  .getShuffleResult();
  Value hi2 = gpu::ShuffleOp::create(b, loc, hi, offset, kWarpSize,
                                     gpu::ShuffleMode::XOR)
                  .getShuffleResult();
  Value joined = arith::OrIOp::create(
      b, loc, arith::ExtUIOp::create(b, loc, i64, lo2),
      arith::ShLIOp::create(b, loc, arith::ExtUIOp::create(b, loc, i64, hi2),
                            c32));
  return type.isInteger()
             ? joined
             : arith::BitcastOp::create(b, loc, type, joined).getResult();
}

/// A copy of `combiner` applied to (a, b).
static Value combine(OpBuilder &b, Operation *combiner, Value x, Value y) {
  Operation *copy = b.clone(*combiner);
  copy->setOperands({x, y});
  return copy->getResult(0);
}

FailureOr<scf::ForallOp>
mlir::tuner::rewriteRowReduction(RewriterBase &rewriter, linalg::GenericOp op,
                                 const RowReductionOptions &options) {
  std::string whyNot;
  if (failed(checkRowReduction(op, whyNot)))
    return op.emitError("cannot build a row reduction kernel: ") << whyNot;
  if (!op.hasPureBufferSemantics())
    return op.emitError("a row reduction kernel needs an op on memrefs");
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  unsigned numLoops = ranges.size();
  for (unsigned i = 0; i + 2 < numLoops; ++i)
    if (ranges[i] != 1)
      return op.emitError("a row reduction kernel needs the parallel loops "
                          "before the rows tiled by 1");
  int64_t rows = ranges[numLoops - 2], k = ranges[numLoops - 1];
  int64_t warps = options.warps, vec = options.vector;
  int64_t threadsPerRow = warps * kWarpSize;
  if (k % vec != 0)
    return op.emitError("a row reduction kernel's vector (")
           << vec << ") must divide the row (" << k << ")";
  if (rows * threadsPerRow > 1024)
    return op.emitError("a row reduction kernel of ")
           << rows << " rows of " << warps << " warps has too many threads";
  Operation *combiner = getCombiner(op, whyNot);
  Block *body = op.getBlock();
  OpOperand *init = op.getDpsInitOperand(0);
  Value out = init->get();
  Type accType = getElementTypeOrSelf(out.getType());

  MLIRContext *ctx = op.getContext();
  Location loc = op.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  Value smem;
  if (warps > 1)
    smem = memref::AllocOp::create(
        rewriter, loc,
        MemRefType::get(
            {rows, warps}, accType, MemRefLayoutAttrInterface(),
            gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup)));
  auto thread = [&](gpu::MappingId id) -> Attribute {
    return gpu::GPUThreadMappingAttr::get(ctx, id);
  };
  auto forall = scf::ForallOp::create(
      rewriter, loc,
      ArrayRef<OpFoldResult>{rewriter.getIndexAttr(rows),
                             rewriter.getIndexAttr(threadsPerRow)},
      ValueRange(),
      rewriter.getArrayAttr(
          {thread(gpu::MappingId::DimY), thread(gpu::MappingId::DimX)}));

  // The indices of the init at row `row` (the other parallel loops are 1).
  auto getInitIndices = [&](OpBuilder &b, Value row) {
    SmallVector<Value> indices(numLoops - 2,
                               arith::ConstantIndexOp::create(b, loc, 0));
    indices.push_back(row);
    return indices;
  };

  {
    OpBuilder::InsertionGuard g(rewriter);
    rewriter.setInsertionPointToStart(forall.getBody());
    Value row = forall.getInductionVar(0), lane = forall.getInductionVar(1);
    Value neutral = arith::ConstantOp::create(
        rewriter, loc, *arith::getNeutralElement(combiner));
    Value start = arith::MulIOp::create(
        rewriter, loc, lane,
        arith::ConstantIndexOp::create(rewriter, loc, vec));
    auto loop = scf::ForOp::create(
        rewriter, loc, start, arith::ConstantIndexOp::create(rewriter, loc, k),
        arith::ConstantIndexOp::create(rewriter, loc, threadsPerRow * vec),
        ValueRange{neutral});
    {
      OpBuilder::InsertionGuard g2(rewriter);
      rewriter.setInsertionPointToStart(loop.getBody());
      Value j = loop.getInductionVar();
      Value acc = loop.getRegionIterArg(0);
      Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
      // The inputs read along the row with unit stride: one vector load of
      // `vec` elements per step.
      SmallVector<Value> vectors(op.getNumDpsInputs());
      auto indicesAt = [&](AffineMap map, Value reduced) {
        SmallVector<Value> indices;
        for (AffineExpr e : map.getResults()) {
          unsigned d = cast<AffineDimExpr>(e).getPosition();
          indices.push_back(d == numLoops - 1   ? reduced
                            : d == numLoops - 2 ? row
                                                : zero);
        }
        return indices;
      };
      for (OpOperand *input : op.getDpsInputOperands()) {
        AffineMap map = op.getMatchingIndexingMap(input);
        auto type = dyn_cast<MemRefType>(input->get().getType());
        if (vec == 1 || !type || map.getNumResults() == 0 ||
            map.getResults().back() != rewriter.getAffineDimExpr(numLoops - 1))
          continue;
        SmallVector<int64_t> strides;
        int64_t offset;
        if (failed(type.getStridesAndOffset(strides, offset)) ||
            strides.back() != 1)
          continue;
        // Aligned to the whole vector (one 8- or 16-byte load) where the
        // view provably starts so and its rows are a multiple of `vec`
        // apart (j is); else LLVM splits the load by elements.
        bool aligned =
            startsAligned(input->get(), vec) &&
            llvm::all_of(ArrayRef(strides).drop_back(), [&](int64_t stride) {
              return !ShapedType::isDynamic(stride) && stride % vec == 0;
            });
        unsigned bytes = type.getElementTypeBitWidth() / 8;
        vectors[input->getOperandNumber()] = vector::LoadOp::create(
            rewriter, loc, VectorType::get({vec}, type.getElementType()),
            input->get(), indicesAt(map, j), /*nontemporal=*/false,
            aligned && bytes > 0 ? llvm::MaybeAlign(vec * bytes)
                                 : llvm::MaybeAlign());
      }
      for (int64_t v = 0; v < vec; ++v) {
        Value index =
            v == 0 ? j
                   : arith::AddIOp::create(
                         rewriter, loc, j,
                         arith::ConstantIndexOp::create(rewriter, loc, v));
        IRMapping mapping;
        for (OpOperand *input : op.getDpsInputOperands()) {
          Value value;
          if (Value vector = vectors[input->getOperandNumber()])
            value = vector::ExtractOp::create(rewriter, loc, vector, v);
          else if (isa<MemRefType>(input->get().getType()))
            value = memref::LoadOp::create(
                rewriter, loc, input->get(),
                indicesAt(op.getMatchingIndexingMap(input), index));
          else
            value = input->get(); // a scalar operand
          mapping.map(op.getMatchingBlockArgument(input), value);
        }
        mapping.map(op.getMatchingBlockArgument(init), acc);
        for (Operation &bodyOp : body->without_terminator()) {
          if (auto indexOp = dyn_cast<linalg::IndexOp>(bodyOp)) {
            uint64_t d = indexOp.getDim();
            mapping.map(indexOp.getResult(), d == numLoops - 1   ? index
                                             : d == numLoops - 2 ? row
                                                                 : zero);
            continue;
          }
          rewriter.clone(bodyOp, mapping);
        }
        acc = mapping.lookup(combiner->getResult(0));
      }
      scf::YieldOp::create(rewriter, loc, acc);
    }
    // Every lane of the warp gets the warp's result.
    Value acc = loop.getResult(0);
    for (int32_t offset = kWarpSize / 2; offset >= 1; offset /= 2)
      acc = combine(rewriter, combiner, acc,
                    shuffleXor(rewriter, loc, acc, offset));
    Value c0 = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value c32 = arith::ConstantIndexOp::create(rewriter, loc, kWarpSize);
    Value laneInWarp =
        warps == 1 ? lane : arith::RemUIOp::create(rewriter, loc, lane, c32);
    Value first = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                        laneInWarp, c0);
    auto ifOp = scf::IfOp::create(rewriter, loc, first, /*withElse=*/false);
    rewriter.setInsertionPointToStart(ifOp.thenBlock());
    if (warps == 1) {
      SmallVector<Value> indices = getInitIndices(rewriter, row);
      Value initValue = memref::LoadOp::create(rewriter, loc, out, indices);
      memref::StoreOp::create(rewriter, loc,
                              combine(rewriter, combiner, initValue, acc), out,
                              indices);
    } else {
      Value warp = arith::DivUIOp::create(rewriter, loc, lane, c32);
      memref::StoreOp::create(rewriter, loc, acc, smem, ValueRange{row, warp});
    }
  }
  if (warps > 1) {
    // After the barrier the thread mapping puts between the two loops: one
    // thread per row combines the init with the partials, in warp order.
    rewriter.setInsertionPoint(op);
    auto merge = scf::ForallOp::create(
        rewriter, loc, ArrayRef<OpFoldResult>{rewriter.getIndexAttr(rows)},
        ValueRange(), rewriter.getArrayAttr({thread(gpu::MappingId::DimY)}));
    OpBuilder::InsertionGuard g(rewriter);
    rewriter.setInsertionPointToStart(merge.getBody());
    Value row = merge.getInductionVar(0);
    SmallVector<Value> indices = getInitIndices(rewriter, row);
    Value acc = memref::LoadOp::create(rewriter, loc, out, indices);
    for (int64_t w = 0; w < warps; ++w) {
      Value partial = memref::LoadOp::create(
          rewriter, loc, smem,
          ValueRange{row, arith::ConstantIndexOp::create(rewriter, loc, w)});
      acc = combine(rewriter, combiner, acc, partial);
    }
    memref::StoreOp::create(rewriter, loc, acc, out, indices);
  }
  rewriter.eraseOp(op);
  return forall;
}
