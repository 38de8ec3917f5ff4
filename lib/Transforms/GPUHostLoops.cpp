//===- GPUHostLoops.cpp - host loops on buffers as one-thread kernels -----===//
//
// After bufferization, what no sketch scheduled and no device copy replaced
// is host code: the loops of frontend ops that have no linalg form
// (torch-mlir's and IREE's scans, scatters, sorts, top-k). On a CUDA target
// those loops read and wrote their buffers from the host, which put the
// buffers in managed memory and stopped the stream of kernels around them.
// tuner-gpu-host-loops moves each such loop nest into a kernel of one
// thread: it computes the same thing in the same order, on the device; and
// each loop over independent lines (an scf.forall without mapping: the
// lines of a scan, a sort, a top-k) into a kernel of a thread per
// iteration; and straight-line buffer accesses left in a function's body (a
// single line's, once its loop of one iteration is folded) into a kernel of
// one thread.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERGPUHOSTLOOPS
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;

/// Whether `op` (inside a host loop) may run in a kernel as it is: scalar
/// arithmetic, loads and stores of buffers and their views, structured
/// control flow. No allocation (a device malloc per thread), no call.
static bool isKernelSafe(Operation *op) {
  if (isa<memref::AllocOp, memref::AllocaOp, memref::DeallocOp, memref::CopyOp,
          memref::GetGlobalOp>(op))
    return false;
  Dialect *dialect = op->getDialect();
  if (isa<arith::ArithDialect, math::MathDialect, index::IndexDialect,
          affine::AffineDialect>(dialect))
    return true;
  if (isa<memref::MemRefDialect>(dialect))
    return true; // loads, stores, views (allocations excluded above)
  if (isa<vector::TransferReadOp, vector::TransferWriteOp, vector::LoadOp,
          vector::StoreOp>(op))
    return true;
  if (auto forall = dyn_cast<scf::ForallOp>(op))
    return !forall.getMapping() && forall.getNumResults() == 0;
  return isa<scf::ForOp, scf::IfOp, scf::YieldOp, scf::WhileOp,
             scf::ConditionOp, scf::InParallelOp>(op);
}

/// Whether `op` and every op in it are kernel-safe.
static bool isKernelSafeTree(Operation *op) {
  return !op->walk([](Operation *nested) {
              return isKernelSafe(nested) ? WalkResult::advance()
                                          : WalkResult::interrupt();
            }).wasInterrupted();
}

/// Whether `op` or an op in it loads or stores a buffer.
static bool touchesBuffers(Operation *op) {
  return op
      ->walk([](Operation *nested) {
        return isa<memref::LoadOp, memref::StoreOp, vector::TransferReadOp,
                   vector::TransferWriteOp, vector::LoadOp, vector::StoreOp>(
                   nested)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Whether every op of `body` is kernel-safe and one of them loads or
/// stores a buffer.
static bool isKernelSafeBody(Block *body) {
  return llvm::all_of(*body,
                      [](Operation &op) { return isKernelSafeTree(&op); }) &&
         llvm::any_of(*body, [](Operation &op) { return touchesBuffers(&op); });
}

/// Whether the host loop `loop` can be a one-thread kernel: it has no
/// results (its effects are on buffers), every op in it is kernel-safe and
/// it touches at least one buffer.
static bool isHostBufferLoop(scf::ForOp loop) {
  return loop.getNumResults() == 0 && isKernelSafeBody(loop.getBody());
}

/// `loop` moved into a gpu.launch of one block of one thread, in its place;
/// the scf.forall loops in it run their iterations in order.
static void moveIntoKernel(scf::ForOp loop) {
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  auto launch = gpu::LaunchOp::create(b, loc, one, one, one, one, one, one);
  Block &body = launch.getBody().front();
  OpBuilder inner = OpBuilder::atBlockEnd(&body);
  gpu::TerminatorOp terminator = gpu::TerminatorOp::create(inner, loc);
  loop->moveBefore(terminator);
  SmallVector<scf::ForallOp> foralls;
  loop.walk([&](scf::ForallOp forall) { foralls.push_back(forall); });
  IRRewriter rewriter(loop.getContext());
  for (scf::ForallOp forall : foralls) {
    rewriter.setInsertionPoint(forall);
    (void)scf::forallToForLoop(rewriter, forall);
  }
}

/// The threads of a block of a per-iteration kernel.
constexpr int64_t kThreadsPerBlock = 128;

/// `forall` (no mapping, no results) replaced by a gpu.launch of a thread
/// per iteration: blocks of kThreadsPerBlock threads along x, thread
/// `id` running iteration `id` (the last induction variable fastest) when
/// there is one.
static void moveIntoThreads(scf::ForallOp forall) {
  IRRewriter b(forall);
  Location loc = forall.getLoc();
  auto c = [&](int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); };
  SmallVector<Value> lbs =
      getValueOrCreateConstantIndexOp(b, loc, forall.getMixedLowerBound());
  SmallVector<Value> ubs =
      getValueOrCreateConstantIndexOp(b, loc, forall.getMixedUpperBound());
  SmallVector<Value> steps =
      getValueOrCreateConstantIndexOp(b, loc, forall.getMixedStep());
  // Trip counts (none below zero) and their product.
  SmallVector<Value> counts;
  Value total = c(1);
  for (auto [lb, ub, step] : llvm::zip(lbs, ubs, steps)) {
    Value span = arith::SubIOp::create(b, loc, ub, lb);
    Value count = arith::CeilDivSIOp::create(b, loc, span, step);
    count = arith::MaxSIOp::create(b, loc, count, c(0));
    counts.push_back(count);
    total = arith::MulIOp::create(b, loc, total, count);
  }
  Value threads = c(kThreadsPerBlock);
  Value blocks = arith::CeilDivSIOp::create(b, loc, total, threads);
  blocks = arith::MaxSIOp::create(b, loc, blocks, c(1));
  Value one = c(1);
  auto launch =
      gpu::LaunchOp::create(b, loc, blocks, one, one, threads, one, one);
  Block &body = launch.getBody().front();
  b.setInsertionPointToStart(&body);
  gpu::TerminatorOp terminator = gpu::TerminatorOp::create(b, loc);
  b.setInsertionPoint(terminator);
  Value id = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, launch.getBlockIds().x, threads),
      launch.getThreadIds().x);
  Value inRange =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, id, total);
  auto guarded = scf::IfOp::create(b, loc, inRange);
  b.setInsertionPointToStart(&guarded.getThenRegion().front());
  SmallVector<Value> ivs(counts.size());
  Value rest = id;
  for (int64_t d = counts.size() - 1; d >= 0; --d) {
    Value at = arith::RemSIOp::create(b, loc, rest, counts[d]);
    rest = arith::DivSIOp::create(b, loc, rest, counts[d]);
    ivs[d] = arith::AddIOp::create(b, loc, lbs[d],
                                   arith::MulIOp::create(b, loc, at, steps[d]));
  }
  IRMapping map;
  map.map(forall.getInductionVars(), ivs);
  for (Operation &op : forall.getBody()->without_terminator())
    b.clone(op, map);
  b.eraseOp(forall);
}

/// Whether a value `op` defines is used outside `run`.
static bool isUsedOutside(Operation *op,
                          const llvm::SmallPtrSetImpl<Operation *> &run) {
  return llvm::any_of(op->getUsers(), [&](Operation *user) {
    Operation *ancestor = op->getBlock()->findAncestorOpInBlock(*user);
    return !ancestor || !run.contains(ancestor);
  });
}

/// Whether `op`, used outside `run`, can be hoisted above it: a pure op
/// without regions on values defined before the run (a view, index
/// arithmetic).
static bool isHoistable(Operation *op,
                        const llvm::SmallPtrSetImpl<Operation *> &run) {
  return isMemoryEffectFree(op) && op->getNumRegions() == 0 &&
         llvm::none_of(op->getOperands(), [&](Value v) {
           Operation *def = v.getDefiningOp();
           return def && run.contains(def);
         });
}

/// Moves the kernel-safe ops `run` (consecutive in a block) from their first
/// buffer access to their last into kernels of one thread. An op whose
/// values are used after the run stays on the host, splitting it (a loaded
/// scalar the host branches on), unless it can be hoisted above the kernel
/// (isHoistable).
static void moveRunIntoKernel(ArrayRef<Operation *> run) {
  SmallVector<size_t> accesses;
  for (auto [i, op] : llvm::enumerate(run))
    if (touchesBuffers(op))
      accesses.push_back(i);
  if (accesses.empty())
    return;
  run = run.slice(accesses.front(), accesses.back() - accesses.front() + 1);
  llvm::SmallPtrSet<Operation *, 16> inRun(run.begin(), run.end());
  SmallVector<Operation *> hoisted;
  for (auto [i, op] : llvm::enumerate(run)) {
    if (!isUsedOutside(op, inRun))
      continue;
    if (!isHoistable(op, inRun)) {
      moveRunIntoKernel(run.take_front(i));
      moveRunIntoKernel(run.drop_front(i + 1));
      return;
    }
    hoisted.push_back(op);
  }
  for (Operation *op : hoisted) {
    op->moveBefore(run.front());
    inRun.erase(op);
  }
  Operation *first =
      *llvm::find_if(run, [&](Operation *op) { return inRun.contains(op); });
  OpBuilder b(first);
  Location loc = first->getLoc();
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  auto launch = gpu::LaunchOp::create(b, loc, one, one, one, one, one, one);
  OpBuilder inner = OpBuilder::atBlockEnd(&launch.getBody().front());
  gpu::TerminatorOp terminator = gpu::TerminatorOp::create(inner, loc);
  for (Operation *op : run)
    if (inRun.contains(op))
      op->moveBefore(terminator);
}

/// The runs of kernel-safe host ops in `block` that access buffers, each
/// moved into kernels of one thread (moveRunIntoKernel): what is left of a
/// scan, a sort or a top-k of a single line once canonicalization folded
/// its loop of one iteration, a scalar stored into a buffer.
static void moveStraightLineRuns(Block &block) {
  SmallVector<SmallVector<Operation *>> runs(1);
  for (Operation &op : block) {
    if (!op.hasTrait<OpTrait::IsTerminator>() && !isa<gpu::LaunchOp>(op) &&
        isKernelSafeTree(&op)) {
      runs.back().push_back(&op);
      continue;
    }
    if (!runs.back().empty())
      runs.emplace_back();
  }
  for (ArrayRef<Operation *> run : runs)
    moveRunIntoKernel(run);
}

namespace {
struct TunerGPUHostLoopsPass
    : public tuner::impl::TunerGPUHostLoopsBase<TunerGPUHostLoopsPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) {
      // Outermost host loops only: their nests move as a whole (those in
      // lines move with their lines, below).
      if (loop->getParentOfType<gpu::LaunchOp>() ||
          loop->getParentOfType<scf::ForOp>() ||
          loop->getParentOfType<scf::ForallOp>() ||
          !loop->getParentOfType<func::FuncOp>())
        return;
      if (isHostBufferLoop(loop))
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops)
      moveIntoKernel(loop);
    // Then the loops over independent iterations left on the host (also
    // those in host loops that stay there).
    // Those that cannot (they allocate, call) stay host loops, in order.
    SmallVector<scf::ForallOp> foralls, kept;
    getOperation()->walk([&](scf::ForallOp forall) {
      if (forall.getMapping() || forall.getNumResults() != 0 ||
          forall->getParentOfType<gpu::LaunchOp>() ||
          forall->getParentOfType<scf::ForallOp>() ||
          !forall->getParentOfType<func::FuncOp>())
        return;
      if (isKernelSafeBody(forall.getBody()))
        foralls.push_back(forall);
      else
        kept.push_back(forall);
    });
    for (scf::ForallOp forall : foralls)
      moveIntoThreads(forall);
    IRRewriter rewriter(&getContext());
    for (scf::ForallOp forall : kept) {
      rewriter.setInsertionPoint(forall);
      (void)scf::forallToForLoop(rewriter, forall);
    }
    // Last, straight-line buffer accesses in functions' bodies (not in the
    // host loops left: a kernel per iteration would cost more than the
    // accesses).
    getOperation()->walk([&](func::FuncOp func) {
      if (!func.isExternal())
        moveStraightLineRuns(func.getBody().front());
    });
  }
};
} // namespace
