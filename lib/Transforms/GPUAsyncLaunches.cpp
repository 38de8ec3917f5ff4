//===- GPUAsyncLaunches.cpp - kernels launched back to back ---------------===//
//
// A gpu.launch_func without an async token becomes, in gpu-to-llvm, a stream
// taken, the launch, a host synchronization and the stream given back: the
// host waits for every kernel before it launches the next, and the device
// idles for a launch's latency between kernels (about 90 us of a 380 us
// encoder layer on an H100). This pass chains the launches of a block on one
// stream instead, as upstream's gpu-async-region does, and synchronizes the
// host only where it must: before an op that may touch memory (other than
// the runtime's module-buffer lookup, which only ever hands out a buffer no
// kernel has used yet), before an op with regions, and before the block's
// terminator.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"

#include "GPURuntimeCalls.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERGPUASYNCLAUNCHES
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

/// Whether the launches chained before `op` may keep running while the host
/// executes it.
static bool mayRunBeside(Operation &op) {
  // The runtime's buffer lookups and allocations, and a call's mark: none
  // touches memory a launch may use.
  auto isBesideCall = [](std::optional<StringRef> callee) {
    return callee && llvm::is_contained({StringRef(kModuleBufferFn),
                                         StringRef(kCallBufferFn),
                                         StringRef(kCallMarkFn)},
                                        *callee);
  };
  if (auto call = dyn_cast<LLVM::CallOp>(op))
    return isBesideCall(call.getCallee());
  if (auto call = dyn_cast<func::CallOp>(op))
    return isBesideCall(call.getCallee());
  return op.getNumRegions() == 0 && !op.hasTrait<OpTrait::IsTerminator>() &&
         isMemoryEffectFree(&op);
}

/// `launch` with an async token, after `dependency`.
static gpu::LaunchFuncOp makeAsync(gpu::LaunchFuncOp launch, Value dependency) {
  OpBuilder b(launch);
  std::optional<gpu::KernelDim3> cluster;
  if (launch.hasClusterSize())
    cluster = launch.getClusterSizeOperandValues();
  auto async = gpu::LaunchFuncOp::create(
      b, launch.getLoc(), launch.getKernel(), launch.getGridSizeOperandValues(),
      launch.getBlockSizeOperandValues(), launch.getDynamicSharedMemorySize(),
      launch.getKernelOperands(), b.getType<gpu::AsyncTokenType>(),
      ValueRange{dependency}, cluster);
  // Discardable attributes (none upstream sets) travel with the launch.
  for (NamedAttribute attr : launch->getDiscardableAttrs())
    async->setAttr(attr.getName(), attr.getValue());
  launch.erase();
  return async;
}

/// Chains the synchronous launches of `block`; nested blocks are chained
/// separately (the walk visits them too).
static void chainLaunches(Block &block) {
  Value token;
  for (Operation &op : llvm::make_early_inc_range(block)) {
    auto launch = dyn_cast<gpu::LaunchFuncOp>(op);
    if (launch && !launch.getAsyncToken() &&
        launch.getAsyncDependencies().empty()) {
      if (!token) {
        OpBuilder b(launch);
        token =
            gpu::WaitOp::create(b, launch.getLoc(),
                                b.getType<gpu::AsyncTokenType>(), ValueRange{})
                .getAsyncToken();
      }
      token = makeAsync(launch, token).getAsyncToken();
      continue;
    }
    if (!token || mayRunBeside(op))
      continue;
    OpBuilder b(&op);
    gpu::WaitOp::create(b, op.getLoc(), Type(), ValueRange{token});
    token = {};
  }
}

namespace {
struct TunerGPUAsyncLaunchesPass
    : public tuner::impl::TunerGPUAsyncLaunchesBase<TunerGPUAsyncLaunchesPass> {
  void runOnOperation() override {
    getOperation()->walk([](Block *block) { chainLaunches(*block); });
  }
};
} // namespace
