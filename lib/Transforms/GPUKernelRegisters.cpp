//===- GPUKernelRegisters.cpp - the tuner-gpu-kernel-registers pass -------===//
//
// A register limit for each outlined kernel of a known block size (see the
// pass description in Passes.td).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERGPUKERNELREGISTERS
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;

namespace {
/// Registers per SM of every NVIDIA GPU since Kepler, and per thread at
/// most.
constexpr int64_t kRegistersPerSm = 65536;
constexpr int64_t kMaxRegistersPerThread = 255;

struct TunerGPUKernelRegistersPass
    : public tuner::impl::TunerGPUKernelRegistersBase<
          TunerGPUKernelRegistersPass> {
  void runOnOperation() override {
    Builder b(&getContext());
    getOperation().walk([&](gpu::GPUFuncOp func) {
      std::optional<ArrayRef<int32_t>> block = func.getKnownBlockSize();
      if (!func.isKernel() || !block ||
          func->hasAttr(NVVM::NVVMDialect::getMaxnregAttrName()))
        return;
      int64_t threads = 1;
      for (int32_t size : *block)
        threads *= std::max<int32_t>(size, 1);
      // A multiple of 8 (the allocation granule) that one block fits in.
      int64_t limit = std::min<int64_t>(kMaxRegistersPerThread,
                                        kRegistersPerSm / threads / 8 * 8);
      if (limit >= 8)
        func->setAttr(NVVM::NVVMDialect::getMaxnregAttrName(),
                      b.getI32IntegerAttr(limit));
    });
  }
};
} // namespace
