//===- GPUBlockTemporaries.cpp - block temporaries off the device heap ----===//
//
// A contraction tiled on GPU blocks with its elementwise consumers fused
// leaves, per block, a tile of the contraction's result that the consumers
// read. Bufferized as it is, that tile is a `memref.alloc` inside the kernel,
// which the NVVM conversion turns into a device `malloc` per thread: the
// device heap (8 MiB by default) runs out and the kernel faults. This pass
// removes such temporaries before bufferization (see the pass description).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"

#include "GPUMapping.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERGPUBLOCKTEMPORARIES
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

/// Whether `op` runs once per block: inside a block loop, in no loop mapped
/// to threads, warps or lanes.
static bool isAtBlockLevel(Operation *op) {
  bool inBlock = false;
  for (auto forall = op->getParentOfType<scf::ForallOp>(); forall;
       forall = forall->getParentOfType<scf::ForallOp>()) {
    if (isMappedWithinBlock(forall))
      return false;
    inBlock |= isMappedToBlocks(forall);
  }
  return inBlock;
}

/// Whether the slice `a` reads exactly what the insertion `b` writes.
static bool isSameSlice(tensor::ExtractSliceOp a,
                        tensor::ParallelInsertSliceOp b) {
  return a.getMixedOffsets() == b.getMixedOffsets() &&
         a.getMixedSizes() == b.getMixedSizes() &&
         a.getMixedStrides() == b.getMixedStrides();
}

/// Whether the value of `slice` (a slice of a shared output) is only
/// overwritten: a transfer_write destination or the init of a linalg op
/// whose body does not read it.
static bool isOnlyOverwritten(Value slice) {
  return llvm::all_of(slice.getUses(), [](OpOperand &use) {
    Operation *user = use.getOwner();
    if (auto write = dyn_cast<vector::TransferWriteOp>(user))
      return use.get() == write.getBase();
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(user))
      return linalgOp.isDpsInit(&use) &&
             !linalgOp.payloadUsesValueFromOperand(&use);
    return false;
  });
}

/// Rule 1: a thread loop that reads, per thread, exactly the slice of a
/// tensor `P` computed by a loop at block level that it writes into its
/// shared output, and does not read what its shared output held, can update
/// `P` in place: `P` becomes its shared output, and the slice of `P` a slice
/// of the shared output. Returns whether `forall` was rewritten.
static bool updateProducerInPlace(RewriterBase &rewriter,
                                  scf::ForallOp forall) {
  // A buffer asked for explicitly (a staging buffer) stays.
  if (forall.getNumResults() != 1 || !isAtBlockLevel(forall) ||
      forall.getOutputs()[0].getDefiningOp<bufferization::AllocTensorOp>())
    return false;
  BlockArgument shared = forall.getRegionIterArgs()[0];
  tensor::ParallelInsertSliceOp insert;
  for (Operation &op : forall.getTerminator().getYieldingOps())
    if (auto i = dyn_cast<tensor::ParallelInsertSliceOp>(op);
        i && i.getDest() == shared && !insert)
      insert = i;
  if (!insert)
    return false;
  // The shared output: only the insertion and overwritten slices at its
  // offsets.
  for (OpOperand &use : shared.getUses()) {
    if (use.getOwner() == insert.getOperation())
      continue;
    auto slice = dyn_cast<tensor::ExtractSliceOp>(use.getOwner());
    if (!slice || !isSameSlice(slice, insert) ||
        !isOnlyOverwritten(slice.getResult()))
      return false;
  }
  // The producer: read in the loop at the same slice, else only asked for
  // its sizes.
  for (Operation &op : forall.getBody()->without_terminator()) {
    auto read = dyn_cast<tensor::ExtractSliceOp>(op);
    if (!read || !isSameSlice(read, insert))
      continue;
    Value producer = read.getSource();
    // Computed in the block (by its K loop or a thread loop), not a slice of
    // an input (a staging copy reads one slice for slice too).
    Operation *def = producer.getDefiningOp();
    if (producer.getType() != shared.getType() || !def ||
        !isa<scf::ForOp, scf::ForallOp>(def) || !isAtBlockLevel(def))
      continue;
    bool onlyThisRead = llvm::all_of(producer.getUses(), [&](OpOperand &u) {
      return u.getOwner() == read.getOperation() ||
             isa<tensor::DimOp>(u.getOwner());
    });
    if (!onlyThisRead)
      continue;
    rewriter.modifyOpInPlace(
        forall, [&] { forall.getOutputsMutable()[0].set(producer); });
    rewriter.modifyOpInPlace(read,
                             [&] { read.getSourceMutable().set(shared); });
    return true;
  }
  return false;
}

/// Whether `value` is a constant, or a slice of one.
static bool isConstantData(Value value) {
  while (auto slice = value.getDefiningOp<tensor::ExtractSliceOp>())
    value = slice.getSource();
  return value.getDefiningOp<arith::ConstantOp>() != nullptr;
}

/// Rule 3: a thread loop at block level whose shared output is constant data
/// (a folded bias as a reduction's init) would make bufferization copy the
/// constant into a kernel allocation. Its shared output becomes a block-level
/// tensor.empty (rule 2 then puts it in workgroup memory) and each thread
/// first copies its slice of the constant into its slice of it, when every
/// read of the shared output is the slice the thread writes. Returns whether
/// `forall` was rewritten.
static bool copyConstantInit(RewriterBase &rewriter, scf::ForallOp forall) {
  if (forall.getNumResults() != 1 || !isAtBlockLevel(forall))
    return false;
  Value init = forall.getOutputs()[0];
  auto type = dyn_cast<RankedTensorType>(init.getType());
  if (!type || !type.hasStaticShape() || !isConstantData(init))
    return false;
  BlockArgument shared = forall.getRegionIterArgs()[0];
  tensor::ParallelInsertSliceOp insert;
  for (Operation &op : forall.getTerminator().getYieldingOps())
    if (auto i = dyn_cast<tensor::ParallelInsertSliceOp>(op);
        i && i.getDest() == shared && !insert)
      insert = i;
  if (!insert)
    return false;
  SmallVector<tensor::ExtractSliceOp> reads;
  for (OpOperand &use : shared.getUses()) {
    if (use.getOwner() == insert.getOperation())
      continue;
    auto slice = dyn_cast<tensor::ExtractSliceOp>(use.getOwner());
    if (!slice || !isSameSlice(slice, insert))
      return false;
    reads.push_back(slice);
  }
  rewriter.setInsertionPoint(forall);
  Value empty = tensor::EmptyOp::create(rewriter, forall.getLoc(),
                                        type.getShape(), type.getElementType());
  rewriter.modifyOpInPlace(forall,
                           [&] { forall.getOutputsMutable()[0].set(empty); });
  for (tensor::ExtractSliceOp read : reads) {
    if (isOnlyOverwritten(read.getResult()))
      continue;
    rewriter.setInsertionPointAfter(read);
    Value part = tensor::ExtractSliceOp::create(
        rewriter, read.getLoc(), read.getType(), init, read.getMixedOffsets(),
        read.getMixedSizes(), read.getMixedStrides());
    auto copy =
        linalg::CopyOp::create(rewriter, read.getLoc(), part, read.getResult());
    rewriter.replaceAllUsesExcept(read.getResult(), copy.getResult(0), copy);
  }
  return true;
}

/// Whether `value` is a function's tensor argument (bufferization does not
/// write into one in place), or a slice of one.
static bool isArgumentData(Value value) {
  while (auto slice = value.getDefiningOp<tensor::ExtractSliceOp>())
    value = slice.getSource();
  auto arg = dyn_cast<BlockArgument>(value);
  return arg && arg.getOwner()->isEntryBlock() &&
         isa<FunctionOpInterface>(arg.getOwner()->getParentOp());
}

/// Rule 4: a loop at block level (a matmul's K loop) that carries a tile
/// starting from a function argument's slice (a batch matmul accumulating
/// into its argument), updated by a thread loop per iteration, would make
/// bufferization copy the tile into a kernel allocation when a fused
/// consumer reads the loop's result. The loop starts instead from a
/// block-level tensor.empty (rule 2 puts it in workgroup memory) that a
/// copy of the thread loop fills first: each thread copies the slice of the
/// argument it updates. Returns whether `loop` was rewritten.
static bool copyArgumentIterArgs(RewriterBase &rewriter, scf::ForOp loop) {
  if (!isAtBlockLevel(loop))
    return false;
  bool changed = false;
  for (auto [i, init] : llvm::enumerate(loop.getInitArgs())) {
    auto type = dyn_cast<RankedTensorType>(init.getType());
    BlockArgument iterArg = loop.getRegionIterArgs()[i];
    if (!type || !type.hasStaticShape() || !isArgumentData(init) ||
        !iterArg.hasOneUse())
      continue;
    auto forall = dyn_cast<scf::ForallOp>(iterArg.use_begin()->getOwner());
    if (!forall || forall.getNumResults() != 1 ||
        forall.getOutputs()[0] != iterArg ||
        loop.getBody()->getTerminator()->getOperand(i) != forall.getResult(0))
      continue;
    // The copy: the thread loop again, each thread inserting its slice of
    // the argument where it inserts its update; the rest of its body dead.
    rewriter.setInsertionPoint(loop);
    Value empty = tensor::EmptyOp::create(
        rewriter, loop.getLoc(), type.getShape(), type.getElementType());
    auto copy = cast<scf::ForallOp>(rewriter.clone(*forall));
    rewriter.modifyOpInPlace(copy,
                             [&] { copy.getOutputsMutable()[0].set(empty); });
    BlockArgument shared = copy.getRegionIterArgs()[0];
    bool ok = true;
    for (Operation &op : copy.getTerminator().getYieldingOps()) {
      auto insert = dyn_cast<tensor::ParallelInsertSliceOp>(op);
      if (!insert || insert.getDest() != shared) {
        ok = false;
        break;
      }
      rewriter.setInsertionPoint(copy.getTerminator());
      Value part = tensor::ExtractSliceOp::create(
          rewriter, insert.getLoc(),
          cast<RankedTensorType>(insert.getSource().getType()), init,
          insert.getMixedOffsets(), insert.getMixedSizes(),
          insert.getMixedStrides());
      rewriter.modifyOpInPlace(insert,
                               [&] { insert.getSourceMutable().set(part); });
    }
    if (!ok) {
      rewriter.eraseOp(copy);
      rewriter.eraseOp(empty.getDefiningOp());
      continue;
    }
    // What computed the updates is dead now (users before what they use).
    SmallVector<Operation *> body =
        llvm::map_to_vector(copy.getBody()->without_terminator(),
                            [](Operation &op) { return &op; });
    for (Operation *op : llvm::reverse(body))
      if (op->use_empty() && isMemoryEffectFree(op))
        rewriter.eraseOp(op);
    unsigned index = i;
    rewriter.modifyOpInPlace(
        loop, [&] { loop.getInitArgsMutable()[index].set(copy.getResult(0)); });
    changed = true;
  }
  return changed;
}

/// The most workgroup memory, in bytes, rule 2 gives a temporary of dynamic
/// shape (its static bound).
static constexpr int64_t kMaxBoundedTemporaryBytes = 16 * 1024;

/// A constant upper bound of the size `value`: a constant, or an affine.min
/// with a constant among its results (the extent of a partial tile, as
/// min(256, 1875 - 256 * block) is).
static std::optional<int64_t> getSizeBound(Value value) {
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return constant;
  auto min = value.getDefiningOp<affine::AffineMinOp>();
  if (!min)
    return std::nullopt;
  std::optional<int64_t> bound;
  for (AffineExpr expr : min.getAffineMap().getResults())
    if (auto c = dyn_cast<AffineConstantExpr>(expr))
      bound = std::min(bound.value_or(c.getValue()), c.getValue());
  return bound;
}

/// Rule 2: a tensor.empty at block level that survived empty-tensor
/// elimination becomes a workgroup-memory buffer, like the sketches' staging
/// buffers; one of dynamic shape whose sizes are bounded (the temporary of
/// a partial tile) becomes the slice of a buffer of the bound's shape.
static void promoteToWorkgroup(RewriterBase &rewriter, tensor::EmptyOp empty) {
  auto type = cast<RankedTensorType>(empty.getType());
  if (!isAtBlockLevel(empty) || !type.getElementType().isIntOrFloat())
    return;
  SmallVector<int64_t> bound(type.getShape());
  for (auto [i, size] : llvm::enumerate(empty.getMixedSizes())) {
    std::optional<int64_t> b = isa<Attribute>(size)
                                   ? getConstantIntValue(size)
                                   : getSizeBound(cast<Value>(size));
    if (!b || *b <= 0)
      return;
    bound[i] = *b;
  }
  int64_t bytes = llvm::divideCeil(type.getElementTypeBitWidth(), 8u);
  for (int64_t b : bound)
    bytes *= b;
  if (!type.hasStaticShape() && bytes > kMaxBoundedTemporaryBytes)
    return;
  rewriter.setInsertionPoint(empty);
  auto bufferType = RankedTensorType::get(bound, type.getElementType());
  auto alloc = bufferization::AllocTensorOp::create(rewriter, empty.getLoc(),
                                                    bufferType, ValueRange());
  alloc.setMemorySpaceAttr(gpu::AddressSpaceAttr::get(
      rewriter.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace()));
  if (type.hasStaticShape()) {
    rewriter.replaceOp(empty, alloc);
    return;
  }
  SmallVector<OpFoldResult> zeros(type.getRank(), rewriter.getIndexAttr(0)),
      ones(type.getRank(), rewriter.getIndexAttr(1));
  rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
      empty, type, alloc, zeros, empty.getMixedSizes(), ones);
}

namespace {
struct TunerGPUBlockTemporariesPass
    : public tuner::impl::TunerGPUBlockTemporariesBase<
          TunerGPUBlockTemporariesPass> {
  using TunerGPUBlockTemporariesBase::TunerGPUBlockTemporariesBase;

  void runOnOperation() override {
    Operation *root = getOperation();
    IRRewriter rewriter(&getContext());
    // Equal offsets must be the same values (CSE inside the block loops
    // only), and slices of empty tensors empty tensors themselves.
    DominanceInfo dominance;
    SmallVector<scf::ForallOp> blockLoops;
    root->walk([&](scf::ForallOp forall) {
      if (isMappedToBlocks(forall))
        blockLoops.push_back(forall);
    });
    RewritePatternSet patterns(&getContext());
    tensor::populateFoldTensorEmptyPatterns(patterns);
    FrozenRewritePatternSet frozen(std::move(patterns));
    for (scf::ForallOp forall : blockLoops) {
      eliminateCommonSubExpressions(rewriter, dominance, forall);
      (void)applyPatternsGreedily(forall.getRegion(), frozen);
    }

    SmallVector<scf::ForallOp> loops;
    root->walk([&](scf::ForallOp forall) { loops.push_back(forall); });
    bool updated = false;
    for (scf::ForallOp forall : loops)
      updated |= updateProducerInPlace(rewriter, forall) ||
                 copyConstantInit(rewriter, forall);
    SmallVector<scf::ForOp> forLoops;
    root->walk([&](scf::ForOp loop) { forLoops.push_back(loop); });
    for (scf::ForOp loop : forLoops)
      updated |= copyArgumentIterArgs(rewriter, loop);
    // A read of the shared output and the slice written are one value again
    // (one-shot bufferization sees two slices as a conflict).
    if (updated)
      for (scf::ForallOp forall : blockLoops)
        eliminateCommonSubExpressions(rewriter, dominance, forall);
    SmallVector<tensor::EmptyOp> empties;
    root->walk([&](tensor::EmptyOp empty) { empties.push_back(empty); });
    for (tensor::EmptyOp empty : empties)
      promoteToWorkgroup(rewriter, empty);
  }
};
} // namespace
