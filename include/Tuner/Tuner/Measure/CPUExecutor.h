//===- CPUExecutor.h - JIT-compile and run kernels on the CPU ---*- C++ -*-===//
//
// Compiles an LLVM-dialect module with the MLIR ExecutionEngine (LLVM -O3 for
// the host CPU) and calls one of its functions on HostBuffers through the
// packed calling convention, so that any signature of statically shaped
// memrefs can be called without generated glue.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_MEASURE_CPUEXECUTOR_H
#define TUNER_TUNER_MEASURE_CPUEXECUTOR_H

#include "Tuner/Tuner/Measure/HostBuffer.h"
#include "Tuner/Tuner/Measure/KernelSignature.h"
#include "Tuner/Tuner/Measure/Timing.h"

#include "mlir/IR/BuiltinOps.h"

#include <memory>
#include <string>

namespace mlir {
class ExecutionEngine;
} // namespace mlir

namespace mlir::tuner {

/// The public function of `module` to run: `requested` if given, else the
/// only public function with a body (func.func or llvm.func).
FailureOr<Operation *> findEntryFunction(ModuleOp module, StringRef requested,
                                         std::string &error);

/// Allocates buffers for the inputs and outputs of a signature.
LogicalResult allocateBuffers(const KernelSignature &signature,
                              std::vector<HostBuffer> &inputs,
                              std::vector<HostBuffer> &outputs,
                              std::string &error);

class CPUKernel {
public:
  ~CPUKernel();

  /// JIT-compiles `module` (LLVM dialect) and looks up `entry`, whose
  /// tensor-level signature is `signature`. The OpenMP runtime is loaded
  /// when the module has OpenMP code.
  static FailureOr<std::unique_ptr<CPUKernel>>
  compile(ModuleOp module, StringRef entry, const KernelSignature &signature,
          std::string &error);

  /// Calls the kernel once. Outputs are written into `outputs`.
  void run(MutableArrayRef<HostBuffer> inputs,
           MutableArrayRef<HostBuffer> outputs);

  /// Times the kernel (outputs are overwritten).
  Timings time(MutableArrayRef<HostBuffer> inputs,
               MutableArrayRef<HostBuffer> outputs,
               const TimingOptions &options);

  const KernelSignature &getSignature() const { return signature; }

private:
  CPUKernel() = default;
  void call(MutableArrayRef<HostBuffer> inputs,
            MutableArrayRef<HostBuffer> outputs, bool copyResults);

  std::unique_ptr<ExecutionEngine> engine;
  void (*function)(void **) = nullptr;
  KernelSignature signature;
  std::vector<int64_t> resultStorage;
};

} // namespace mlir::tuner

#endif // TUNER_TUNER_MEASURE_CPUEXECUTOR_H
