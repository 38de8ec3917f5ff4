//===- GPUHostLoops.cpp - host loops on buffers as one-thread kernels -----===//
//
// After bufferization, what no sketch scheduled and no device copy replaced
// is host code: the loops of frontend ops that have no linalg form
// (torch-mlir's and IREE's scans, scatters, sorts, top-k). On a CUDA target
// those loops read and wrote their buffers from the host, which put the
// buffers in managed memory and stopped the stream of kernels around them.
// tuner-gpu-host-loops moves each such loop nest into a kernel of one
// thread: it computes the same thing in the same order, on the device.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERGPUHOSTLOOPS
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;

/// Whether `op` (inside a host loop) may run in a kernel as it is: scalar
/// arithmetic, loads and stores of buffers and their views, structured
/// control flow. No allocation (a device malloc per thread), no call.
static bool isKernelSafe(Operation *op) {
  if (isa<memref::AllocOp, memref::AllocaOp, memref::DeallocOp,
          memref::CopyOp, memref::GetGlobalOp>(op))
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
  return isa<scf::ForOp, scf::IfOp, scf::YieldOp, scf::WhileOp,
             scf::ConditionOp>(op);
}

/// Whether the host loop `loop` can be a one-thread kernel: it has no
/// results (its effects are on buffers), every op in it is kernel-safe and
/// it touches at least one buffer.
static bool isHostBufferLoop(scf::ForOp loop) {
  if (loop.getNumResults() != 0)
    return false;
  bool touchesBuffers = false;
  WalkResult result = loop.getBody()->walk([&](Operation *op) {
    if (!isKernelSafe(op))
      return WalkResult::interrupt();
    touchesBuffers |= isa<memref::LoadOp, memref::StoreOp>(op);
    return WalkResult::advance();
  });
  return !result.wasInterrupted() && touchesBuffers;
}

/// `loop` moved into a gpu.launch of one block of one thread, in its place.
static void moveIntoKernel(scf::ForOp loop) {
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  auto launch = gpu::LaunchOp::create(b, loc, one, one, one, one, one, one);
  Block &body = launch.getBody().front();
  OpBuilder inner = OpBuilder::atBlockEnd(&body);
  gpu::TerminatorOp terminator = gpu::TerminatorOp::create(inner, loc);
  loop->moveBefore(terminator);
}

namespace {
struct TunerGPUHostLoopsPass
    : public tuner::impl::TunerGPUHostLoopsBase<TunerGPUHostLoopsPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) {
      // Outermost host loops only: their nests move as a whole.
      if (loop->getParentOfType<gpu::LaunchOp>() ||
          loop->getParentOfType<scf::ForOp>() ||
          !loop->getParentOfType<func::FuncOp>())
        return;
      if (isHostBufferLoop(loop))
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops)
      moveIntoKernel(loop);
  }
};
} // namespace
