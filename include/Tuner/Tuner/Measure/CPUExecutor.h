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

#include "Tuner/Transforms/KernelSignature.h"
#include "Tuner/Tuner/Measure/HostBuffer.h"
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

/// Allocates buffers for the inputs and outputs of a signature (in CUDA
/// managed memory with `managed`).
LogicalResult allocateBuffers(const KernelSignature &signature,
                              std::vector<HostBuffer> &inputs,
                              std::vector<HostBuffer> &outputs,
                              std::string &error, bool managed = false);

/// The arguments of a CUDA kernel with `signature` where it reads them:
/// each buffer of `hostInputs` and `hostOutputs` (host memory) copied into
/// device memory, into managed memory for the signature's host arguments
/// (those host code between the kernels touches), and into host memory for
/// scalars passed by value. `managed` counts the managed ones.
struct GPUArguments {
  std::vector<HostBuffer> inputs, outputs;
  unsigned managed = 0;
};
FailureOr<GPUArguments> placeArgumentsOnGPU(const KernelSignature &signature,
                                            ArrayRef<HostBuffer> hostInputs,
                                            ArrayRef<HostBuffer> hostOutputs,
                                            std::string &error);

/// The tolerance the outputs of a kernel with `signature` are checked with
/// (getDefaultTolerance of its precision, accumulator and longest
/// reduction); a positive `rtol` or `atol` replaces the default's.
Tolerance getKernelTolerance(const KernelSignature &signature, double rtol = 0,
                             double atol = 0);

/// Compares what a kernel computed with what its reference computed on the
/// same inputs: every output, and every memref argument (a function on
/// memrefs writes its results into its arguments), element by element
/// (compareBuffers); and checks that the kernel wrote nothing into the
/// guard regions around its buffers. The message of a mismatch names the
/// output or argument.
Comparison compareWithReference(const KernelSignature &signature,
                                Tolerance tolerance,
                                ArrayRef<HostBuffer> inputs,
                                ArrayRef<HostBuffer> outputs,
                                ArrayRef<HostBuffer> referenceInputs,
                                ArrayRef<HostBuffer> referenceOutputs);

/// JIT-compiles `module` (LLVM dialect) and writes its object code, with the
/// packed entry points `_mlir_<name>` of every function, to `objectPath`.
/// This is what a builder produces for a runner.
LogicalResult compileToObjectFile(ModuleOp module, StringRef entry,
                                  StringRef objectPath, std::string &error);

/// Loads the OpenMP runtime into the process when the module needs it (the
/// JIT resolves external symbols from the process).
LogicalResult loadOpenMPRuntime(std::string &error);

/// Loads a shared library into the process, whose symbols the JIT-compiled
/// modules then call (tuner-run's --shared-libs, as mlir-runner's).
LogicalResult loadSharedLibrary(StringRef path, std::string &error);

/// Makes every function `module` declares without a body callable: those of
/// the runtime, of the process (libc, libm) and of the libraries loaded so
/// far resolve as they are; for the others, MLIR's runner utilities
/// (libmlir_c_runner_utils, libmlir_runner_utils: printMemrefF32, rtclock,
/// printNewline, ... that programs written for mlir-runner call) are loaded
/// from MLIR's library directory (TUNER_MLIR_RUNNER_UTILS_DIR overrides).
/// Fails, naming the first function still missing, when that is not enough.
LogicalResult resolveExternalFunctions(ModuleOp module, std::string &error);

/// A kernel: a packed entry point with the signature of its tensor-level
/// function, called on HostBuffers.
class Kernel {
public:
  virtual ~Kernel();

  /// Calls the kernel once. Outputs are written into `outputs`.
  void run(MutableArrayRef<HostBuffer> inputs,
           MutableArrayRef<HostBuffer> outputs);

  /// Times the kernel (outputs are overwritten).
  Timings time(MutableArrayRef<HostBuffer> inputs,
               MutableArrayRef<HostBuffer> outputs,
               const TimingOptions &options);

  const KernelSignature &getSignature() const { return signature; }

protected:
  Kernel(void (*function)(void **), KernelSignature signature);
  void call(MutableArrayRef<HostBuffer> inputs,
            MutableArrayRef<HostBuffer> outputs, bool copyResults);

  void (*function)(void **) = nullptr;
  KernelSignature signature;
  std::vector<int64_t> resultStorage;
};

/// A kernel loaded from an object file written by compileToObjectFile
/// (linked in-process by LLVM's ORC JIT, no code generation).
class ObjectKernel : public Kernel {
public:
  ~ObjectKernel() override;
  static FailureOr<std::unique_ptr<ObjectKernel>>
  load(StringRef objectPath, StringRef entry, const KernelSignature &signature,
       std::string &error);

private:
  struct JIT;
  ObjectKernel(std::unique_ptr<JIT> jit, void (*function)(void **),
               KernelSignature signature);
  std::unique_ptr<JIT> jit;
};

class CPUKernel : public Kernel {
public:
  ~CPUKernel() override;

  /// JIT-compiles `module` (LLVM dialect) and looks up `entry`, whose
  /// tensor-level signature is `signature`. The OpenMP runtime is loaded
  /// when the module has OpenMP code. `optLevel` is LLVM's IR optimization
  /// level (code generation is always at -O3): 3 for kernels; references,
  /// naive loop nests, take 2, as -O3's loop passes grow faster than linear
  /// in a function of hundreds of nests (the reference of a chain of 300
  /// matmuls and tanh: 4 min 45 s at -O3, 7.7 s at -O2, the same run time).
  static FailureOr<std::unique_ptr<CPUKernel>>
  compile(ModuleOp module, StringRef entry, const KernelSignature &signature,
          std::string &error, unsigned optLevel = 3);

private:
  CPUKernel(std::unique_ptr<ExecutionEngine> engine, void (*function)(void **),
            KernelSignature signature);
  std::unique_ptr<ExecutionEngine> engine;
};

} // namespace mlir::tuner

#endif // TUNER_TUNER_MEASURE_CPUEXECUTOR_H
