//===- GPUTensorCore.cpp - tensor-core kernels in tuner-lower-gpu ---------===//
//
// tuner-gpu-tensor-core-matmul (the kernels of gpu.contraction_mma, built by
// rewriteMatmulAsTensorCoreKernel), tuner-gpu-wgmma-matmul (those of
// gpu.contraction_wgmma, rewriteMatmulAsWgmmaKernel), tuner-gpu-simt-matmul
// (those of gpu.contraction_simt, rewriteMatmulAsSimtKernel),
// tuner-gpu-row-reduction (those of gpu.reduction, rewriteRowReduction) and
// tuner-gpu-dynamic-shared-memory (the launch sizes their shared memory
// needs).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/KernelSignature.h"
#include "Tuner/Transforms/Passes.h"

#include "Tuner/Dialect/Sched/TransformOps/RowReduction.h"
#include "Tuner/Dialect/Sched/TransformOps/SimtMatmul.h"
#include "Tuner/Dialect/Sched/TransformOps/TensorCoreMatmul.h"
#include "Tuner/Dialect/Sched/TransformOps/WgmmaMatmul.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERGPUDYNAMICSHAREDMEMORY
#define GEN_PASS_DEF_TUNERGPUROWREDUCTION
#define GEN_PASS_DEF_TUNERGPUSIMTMATMUL
#define GEN_PASS_DEF_TUNERGPUTENSORCOREMATMUL
#define GEN_PASS_DEF_TUNERGPUWGMMAMATMUL
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

/// Rewrites every op of type `OpT` under `root` that `getOptions` finds
/// marked (a kernel's options), with `rewrite`; fails on a malformed mark or
/// a failed rewrite, whose diagnostics are emitted at the op.
template <typename OpT, typename Options, typename GetOptions, typename Rewrite>
static LogicalResult rewriteMarked(Operation *root, GetOptions getOptions,
                                   Rewrite rewrite) {
  SmallVector<std::pair<OpT, Options>> marked;
  WalkResult walk = root->walk([&](OpT op) {
    FailureOr<std::optional<Options>> options = getOptions(op);
    if (failed(options))
      return WalkResult::interrupt();
    if (*options)
      marked.push_back({op, **options});
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  IRRewriter rewriter(root->getContext());
  for (auto [op, options] : marked)
    if (failed(rewrite(rewriter, op, options)))
      return failure();
  return success();
}

namespace {
struct TunerGPUTensorCoreMatmulPass
    : public tuner::impl::TunerGPUTensorCoreMatmulBase<
          TunerGPUTensorCoreMatmulPass> {
  using TunerGPUTensorCoreMatmulBase::TunerGPUTensorCoreMatmulBase;

  void runOnOperation() override {
    auto rewrite = [](RewriterBase &rewriter, linalg::MatmulOp matmul,
                      const TensorCoreMatmulOptions &options) {
      // f32 inputs run as tf32: the function's results are checked with
      // tf32's tolerance.
      bool tf32 = getElementTypeOrSelf(matmul.getDpsInputs()[0]).isF32();
      auto func = matmul->getParentOfType<FunctionOpInterface>();
      FailureOr<scf::ForallOp> kernel =
          rewriteMatmulAsTensorCoreKernel(rewriter, matmul, options);
      if (succeeded(kernel) && tf32 && func)
        narrowKernelPrecision(func, rewriter.getTF32Type());
      return kernel;
    };
    if (failed(rewriteMarked<linalg::MatmulOp, TensorCoreMatmulOptions>(
            getOperation(), getTensorCoreOptions, rewrite)))
      signalPassFailure();
  }
};

struct TunerGPUWgmmaMatmulPass
    : public tuner::impl::TunerGPUWgmmaMatmulBase<TunerGPUWgmmaMatmulPass> {
  using TunerGPUWgmmaMatmulBase::TunerGPUWgmmaMatmulBase;

  void runOnOperation() override {
    auto rewrite = [&](RewriterBase &rewriter, linalg::MatmulOp matmul,
                       const WgmmaMatmulOptions &options) {
      if (chip != "sm_90a")
        return FailureOr<scf::ForallOp>(
            matmul.emitError("a wgmma kernel needs chip=sm_90a (wgmma and "
                             "its descriptors exist on sm_90a only), not ")
            << chip << "; schedule the module for target=cuda:sm_90a");
      return rewriteMatmulAsWgmmaKernel(rewriter, matmul, options);
    };
    if (failed(rewriteMarked<linalg::MatmulOp, WgmmaMatmulOptions>(
            getOperation(), getWgmmaOptions, rewrite)))
      signalPassFailure();
  }
};

struct TunerGPURowReductionPass
    : public tuner::impl::TunerGPURowReductionBase<TunerGPURowReductionPass> {
  using TunerGPURowReductionBase::TunerGPURowReductionBase;

  void runOnOperation() override {
    if (failed(rewriteMarked<linalg::GenericOp, RowReductionOptions>(
            getOperation(), getRowReductionOptions, rewriteRowReduction)))
      signalPassFailure();
  }
};

struct TunerGPUSimtMatmulPass
    : public tuner::impl::TunerGPUSimtMatmulBase<TunerGPUSimtMatmulPass> {
  using TunerGPUSimtMatmulBase::TunerGPUSimtMatmulBase;

  void runOnOperation() override {
    if (failed(rewriteMarked<linalg::MatmulOp, SimtMatmulOptions>(
            getOperation(), getSimtOptions, rewriteMatmulAsSimtKernel)))
      signalPassFailure();
  }
};

struct TunerGPUDynamicSharedMemoryPass
    : public tuner::impl::TunerGPUDynamicSharedMemoryBase<
          TunerGPUDynamicSharedMemoryPass> {
  using TunerGPUDynamicSharedMemoryBase::TunerGPUDynamicSharedMemoryBase;

  void runOnOperation() override {
    WalkResult walk = getOperation().walk([&](gpu::LaunchOp launch) {
      if (launch.getDynamicSharedMemorySize())
        return WalkResult::advance();
      int64_t bytes = 0;
      WalkResult inner = launch.walk([&](gpu::DynamicSharedMemoryOp op) {
        auto size = op->getAttrOfType<IntegerAttr>(kSharedBytesAttrName);
        if (!size) {
          op.emitError("dynamic shared memory of unknown size: expected a '")
              << kSharedBytesAttrName << "' attribute or a sized launch";
          return WalkResult::interrupt();
        }
        bytes = std::max(bytes, size.getInt());
        return WalkResult::advance();
      });
      if (inner.wasInterrupted())
        return WalkResult::interrupt();
      if (bytes == 0)
        return WalkResult::advance();
      OpBuilder b(launch);
      Value size = arith::ConstantIntOp::create(b, launch.getLoc(),
                                                b.getI32Type(), bytes);
      launch.getDynamicSharedMemorySizeMutable().assign(size);
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
