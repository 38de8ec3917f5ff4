//===- ModuleRunner.h - run a module on the CPU, time and check -*- C++ -*-===//
//
// The core of tuner-run: bring a module to the LLVM dialect (materializing
// its schedules with the sched-materialize pass), JIT it, run its entry
// function on seeded random inputs, time it, and compare its outputs with a
// reference module run on the same inputs. It lives with the tool because it
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

#include <optional>
#include <string>

namespace mlir::tuner {

struct RunOptions {
  /// Function to run (default: the only public one).
  std::string entry;
  /// Seed of the random inputs.
  uint64_t seed = 0;
  TimingOptions timing;
  /// Relative tolerance of the comparison with the reference; 0: by the
  /// least precise float type of the reference (getDefaultTolerance).
  double tolerance = 0;
  ParallelRuntime parallel = ParallelRuntime::OpenMP;
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

struct RunResult {
  std::string entry;
  KernelSignature signature;
  Timings timings;
  /// Seconds spent lowering and JIT-compiling the module.
  double compileSeconds = 0;
  /// Set when a reference was given.
  std::optional<Comparison> comparison;
  /// The relative tolerance of the comparison.
  double tolerance = 0;
  /// GFLOP/s at the median time (0 when the FLOP count is unknown).
  double getGFlops() const;
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

/// The tolerance a run compares with: the option's, or else the default of
/// the reference's least precise float type.
double getTolerance(const RunOptions &options,
                    const KernelSignature &reference);

/// Prepares, compiles and times `module`; with a `reference`, also runs it
/// on the same inputs and compares the outputs.
FailureOr<RunResult> runModuleOnCPU(ModuleOp module, ModuleOp reference,
                                    const RunOptions &options,
                                    std::string &error);

} // namespace mlir::tuner

#endif // TUNER_TOOLS_TUNERRUN_MODULERUNNER_H
