//===- GPURegisterAccumulators.cpp - reductions in registers in kernels ---===//
//
// A linalg op a GPU schedule leaves to each thread (gpu.fallback's rows of a
// softmax or norm, a column sum) became, through convert-linalg-to-loops, a
// loop that loads and stores its accumulator in global memory at every
// step: NVPTX cannot keep it in a register, as it cannot prove the stores
// do not alias the loads of the inputs. tuner-gpu-register-accumulators
// rewrites each such reduction inside a gpu.launch into loops over its
// parallel dimensions, each loading its accumulators once, then loops over
// the reduction dimensions carrying them as iter_args, then one store. A
// reduction's init never aliases the inputs it reads (its bufferization
// would have copied it), which is what makes this legal.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERGPUREGISTERACCUMULATORS
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;

namespace {

/// The indices `map` gives at the loop induction variables `ivs`.
SmallVector<Value> applyMap(OpBuilder &b, Location loc, AffineMap map,
                            ArrayRef<Value> ivs) {
  SmallVector<Value> indices;
  for (AffineExpr expr : map.getResults()) {
    if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
      indices.push_back(ivs[dim.getPosition()]);
      continue;
    }
    SmallVector<OpFoldResult> operands(ivs.begin(), ivs.end());
    indices.push_back(getValueOrCreateConstantIndexOp(
        b, loc,
        affine::makeComposedFoldedAffineApply(
            b, loc, AffineMap::get(map.getNumDims(), 0, expr), operands)));
  }
  return indices;
}

/// Whether `op` is a reduction on memrefs inside a kernel whose inits are
/// accumulators: read by the body, indexed by parallel loops only.
bool isKernelReduction(linalg::LinalgOp op) {
  if (!op->getParentOfType<gpu::LaunchOp>() || !op.hasPureBufferSemantics() ||
      op.getNumReductionLoops() == 0)
    return false;
  for (OpOperand &init : op.getDpsInitsMutable()) {
    // An init the body overwrites is not an accumulator; one indexed by a
    // reduction loop is not a reduction's.
    if (!op.payloadUsesValueFromOperand(&init))
      return false;
    AffineMap map = op.getMatchingIndexingMap(&init);
    for (auto [i, it] : llvm::enumerate(op.getIteratorTypesArray()))
      if (it == utils::IteratorType::reduction && map.isFunctionOfDim(i))
        return false;
  }
  return true;
}

/// The body of `op` at `ivs`, its block arguments bound to `args`; returns
/// the yielded values.
SmallVector<Value> cloneBody(OpBuilder &b, linalg::LinalgOp op,
                             ArrayRef<Value> ivs, ValueRange args) {
  IRMapping mapping;
  Block *body = op.getBlock();
  mapping.map(body->getArguments(), args);
  for (Operation &nested : body->without_terminator()) {
    if (auto index = dyn_cast<linalg::IndexOp>(nested)) {
      mapping.map(index.getResult(), ivs[index.getDim()]);
      continue;
    }
    b.clone(nested, mapping);
  }
  return llvm::map_to_vector(
      body->getTerminator()->getOperands(),
      [&](Value v) { return mapping.lookupOrDefault(v); });
}

/// Rewrites `op` (isKernelReduction) into loops that keep its accumulators
/// in registers across the reduction loops.
void rewrite(RewriterBase &rewriter, linalg::LinalgOp op) {
  Location loc = op.getLoc();
  // Loop extents may be dynamic: a partial tile's last threads get empty
  // slices.
  SmallVector<Range> ranges = op.createLoopRanges(rewriter, loc);
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  SmallVector<unsigned> parallel, reduction;
  for (auto [i, it] : llvm::enumerate(iterators))
    (it == utils::IteratorType::parallel ? parallel : reduction).push_back(i);
  SmallVector<Value> ivs(ranges.size());
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  auto upper = [&](unsigned loop) {
    return getValueOrCreateConstantIndexOp(rewriter, loc, ranges[loop].size);
  };
  // The parallel loops, outermost first.
  for (unsigned loop : parallel) {
    auto forOp = scf::ForOp::create(rewriter, loc, zero, upper(loop), one);
    ivs[loop] = forOp.getInductionVar();
    rewriter.setInsertionPoint(forOp.getBody()->getTerminator());
  }
  SmallVector<Value> accs;
  for (OpOperand &init : op.getDpsInitsMutable())
    accs.push_back(memref::LoadOp::create(
        rewriter, loc, init.get(),
        applyMap(rewriter, loc, op.getMatchingIndexingMap(&init), ivs)));
  // The reduction loops, carrying the accumulators.
  SmallVector<scf::ForOp> loops;
  for (unsigned loop : reduction) {
    auto forOp =
        scf::ForOp::create(rewriter, loc, zero, upper(loop), one, accs);
    ivs[loop] = forOp.getInductionVar();
    accs = llvm::to_vector_of<Value>(forOp.getRegionIterArgs());
    if (!loops.empty())
      scf::YieldOp::create(rewriter, loc, forOp.getResults());
    loops.push_back(forOp);
    rewriter.setInsertionPointToStart(forOp.getBody());
  }
  SmallVector<Value> args;
  for (OpOperand *input : op.getDpsInputOperands()) {
    Value value = input->get();
    if (isa<MemRefType>(value.getType()))
      value = memref::LoadOp::create(
          rewriter, loc, value,
          applyMap(rewriter, loc, op.getMatchingIndexingMap(input), ivs));
    args.push_back(value);
  }
  llvm::append_range(args, accs);
  scf::YieldOp::create(rewriter, loc, cloneBody(rewriter, op, ivs, args));
  // One store per accumulator, after the outermost reduction loop.
  rewriter.setInsertionPointAfter(loops.front());
  for (auto [init, result] :
       llvm::zip(op.getDpsInitsMutable(), loops.front().getResults()))
    memref::StoreOp::create(
        rewriter, loc, result, init.get(),
        applyMap(rewriter, loc, op.getMatchingIndexingMap(&init), ivs));
  rewriter.eraseOp(op);
}

struct TunerGPURegisterAccumulatorsPass
    : public tuner::impl::TunerGPURegisterAccumulatorsBase<
          TunerGPURegisterAccumulatorsPass> {
  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> ops;
    getOperation()->walk([&](linalg::LinalgOp op) {
      if (isKernelReduction(op))
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : ops) {
      rewriter.setInsertionPoint(op);
      rewrite(rewriter, op);
    }
  }
};

} // namespace
