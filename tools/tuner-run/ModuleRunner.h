//===- ModuleRunner.h - run a module, time and check ------------*- C++ -*-===//
//
// The core of tuner-run: bring a module to the LLVM dialect (materializing
// its schedules with the sched-materialize pass), JIT it, run its entry
// function on seeded random inputs (on the CPU, or on a CUDA GPU for a CUDA
// module), time it, and compare its outputs with a reference module run on
// the CPU on the same inputs. It lives with the tool because it
// runs passes: the measurement library below the passes does not.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TOOLS_TUNERRUN_MODULERUNNER_H
#define TUNER_TOOLS_TUNERRUN_MODULERUNNER_H

#include "Tuner/Transforms/Passes.h"
#include "Tuner/Tuner/Measure/CPUExecutor.h"
#include "Tuner/Tuner/Measure/HostBuffer.h"
#include "Tuner/Tuner/Measure/Timing.h"

#include "mlir/IR/BuiltinOps.h"

#include <array>
#include <optional>
#include <string>

namespace mlir::tuner {

struct RunOptions {
  /// Function to run (default: the only public one).
  std::string entry;
  /// Seed of the random inputs.
  uint64_t seed = 0;
  /// When set, the entry's inputs are read from this directory's
  /// input_<i>.npy files (HostBuffer::readNpy) instead of being random.
  std::string inputsDir;
  TimingOptions timing;
  /// Relative tolerance of the comparison with the reference; 0: the
  /// default of the reference's signature (getKernelTolerance).
  double tolerance = 0;
  /// Absolute tolerance of the comparison; 0: the default's, or
  /// `tolerance` when that is given.
  double atol = 0;
  ParallelRuntime parallel = ParallelRuntime::OpenMP;
  /// The kernels' format when a CUDA module on tensors is lowered here.
  GPUBinaryFormat gpuFormat = GPUBinaryFormat::PTX;
  /// The reference accumulates bf16/f16 reductions in f32 and rounds once
  /// (tuner-widen-accumulators), as tuner-prepare makes the program do;
  /// not when the module itself still rounds every step (it has such a
  /// reduction: it was not prepared).
  bool skipIntermediateRoundings = true;
  /// When set, the entry's inputs are written to this directory (created if
  /// needed) as input_<i>.npy before the first call (HostBuffer::writeNpy).
  std::string saveInputsDir;
  /// When set, the outputs of the first call (the ones compared with the
  /// reference) are written to this directory as output_<i>.npy, and the
  /// reference's outputs as reference_<i>.npy.
  std::string saveOutputsDir;
};

/// Fills the entry's input buffers: from options.inputsDir's
/// input_<i>.npy files when it is set, else with the random values of
/// options.seed (indices in [0, bound) of the signature's inputBounds).
LogicalResult fillInputs(MutableArrayRef<HostBuffer> inputs,
                         const KernelSignature &signature,
                         const RunOptions &options, std::string &error);

/// `signature` with the dynamic dimensions of each input given the shape of
/// the file it is read from (options.inputsDir's input_<i>.npy); without
/// one, an error that says how to give them.
FailureOr<KernelSignature> resolveDynamicInputs(KernelSignature signature,
                                                const RunOptions &options,
                                                std::string &error);

/// One kernel launch of a GPU call (--kernel-times): the median over the
/// repeats of its device time, and what launched it when the host code's
/// launches match the ones timed (straight-line host code).
struct KernelLaunchTiming {
  /// The launch_func's kernel module, its location, and the name of the
  /// reference's op at that location (a module printed with its locations).
  std::string kernel, location, op;
  std::array<int64_t, 3> grid = {0, 0, 0};
  std::array<int64_t, 3> block = {0, 0, 0};
  double medianSeconds = 0;
};

struct RunResult {
  std::string entry;
  KernelSignature signature;
  Timings timings;
  /// Seconds spent lowering and JIT-compiling the module.
  double compileSeconds = 0;
  /// Set when a reference was given.
  std::optional<Comparison> comparison;
  /// The tolerance of the comparison.
  Tolerance tolerance;
  /// GFLOP/s at the median time (0 when the FLOP count is unknown).
  double getGFlops() const;

  /// GPU runs: the device's name, the device time of the kernels alone per
  /// call (each launch bracketed by events, summed; `timings` is the whole
  /// call's), and the arguments passed in managed memory because host code
  /// touches them (KernelSignature::hostArgs; the others are in device
  /// memory).
  std::string device;
  std::optional<Timings> kernelTimings;
  unsigned managedArgs = 0;
  /// Per launch, in launch order (empty when the calls' launches differed).
  SmallVector<KernelLaunchTiming> kernelLaunches;
};

/// Whether the module is already in the LLVM dialect.
bool isLoweredToLLVM(ModuleOp module);

/// Brings a tensor-level module to the LLVM dialect for running: records the
/// entry's signature, materializes #sched.config annotations, and runs
/// tuner-lower-cpu with out-parameters. LLVM-dialect modules are left alone.
/// On success `entry` names the function to call.
LogicalResult prepareModuleForCPU(ModuleOp module, StringRef requestedEntry,
                                  ParallelRuntime parallel, std::string &entry,
                                  std::string &error);

/// Prepares `module` (prepareModuleForCPU) and JIT-compiles its entry for
/// the host CPU at LLVM's `optLevel` (CPUKernel::compile); on success
/// `entry` names the function. What a caller that brings its own inputs runs
/// (the Python bindings' Executable).
FailureOr<std::unique_ptr<CPUKernel>>
compileModuleForCPU(ModuleOp module, StringRef requestedEntry,
                    ParallelRuntime parallel, std::string &entry,
                    std::string &error, unsigned optLevel = 3);

/// The tolerance a run compares with: the options' (an absolute tolerance
/// defaults to the relative one given), or else the default of the
/// reference's signature (checkAgainstReference narrows its precision to
/// the run module's, a tf32 kernel's).
Tolerance getTolerance(const RunOptions &options,
                       const KernelSignature &reference);

/// Removes the schedules (`sched.config`) of a module given as a reference:
/// a reference is the untransformed program, never a schedule checked
/// against itself.
void stripSchedules(ModuleOp reference);

/// Prepares, compiles and times `module`; with a `reference`, also runs it
/// on the same inputs and compares the outputs.
FailureOr<RunResult> runModuleOnCPU(ModuleOp module, ModuleOp reference,
                                    const RunOptions &options,
                                    std::string &error);

/// Runs `reference` (its schedules stripped) on the CPU on the inputs the
/// seeds of `options` give and compares its outputs with `outputs`, and its
/// memref arguments after the run with `inputs` (host memory; `inputs` may
/// be empty: then only the outputs are compared), filling
/// `result.comparison` and `result.tolerance` (and `result.signature.flops`
/// when the module's are unknown). `widenReference`: see
/// RunOptions::skipIntermediateRoundings.
LogicalResult checkAgainstReference(ModuleOp reference, bool widenReference,
                                    const RunOptions &options,
                                    ArrayRef<HostBuffer> inputs,
                                    ArrayRef<HostBuffer> outputs,
                                    RunResult &result, std::string &error);

/// Writes `buffers` (host memory) to `dir` (created if needed) as
/// <prefix>_<i>.npy.
LogicalResult saveBuffers(ArrayRef<HostBuffer> buffers, StringRef dir,
                          StringRef prefix, std::string &error);

/// Whether `module` runs on a CUDA GPU: it has kernels (gpu.binary,
/// gpu.launch_func or gpu.launch ops), or its `sched.target` is a CUDA
/// target (a scheduled module on tensors).
bool isCUDAModule(ModuleOp module);

/// Runs `module` on CUDA device 0 (GPURunner.cpp): lowers it with
/// tuner-lower-gpu (out-parameters) unless it is lowered already, copies
/// the seeded random inputs to the device once, runs it once and copies the
/// results back for the comparison with `reference` (run on the CPU), then
/// times whole calls with CUDA events (and the kernels alone). Fails with a
/// message without a GPU or driver, before anything touches the device.
FailureOr<RunResult> runModuleOnGPU(ModuleOp module, ModuleOp reference,
                                    const RunOptions &options,
                                    std::string &error);

} // namespace mlir::tuner

#endif // TUNER_TOOLS_TUNERRUN_MODULERUNNER_H
