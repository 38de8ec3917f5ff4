//===- Jobs.h - the work of builders and runners ----------------*- C++ -*-===//
//
// A build job turns one candidate of a task (a task module and a
// #sched.config; no config = the reference, the untransformed task) into an
// object file. A run job loads an object file, times the kernel on seeded
// random inputs, and compares its outputs with the reference's when asked.
// Worker processes execute these (Worker.h); the functions here are the
// in-process implementations.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_MEASURE_JOBS_H
#define TUNER_TUNER_MEASURE_JOBS_H

#include "Tuner/Runtime/PTXAS.h"
#include "Tuner/Tuner/Measure/CPUExecutor.h"
#include "Tuner/Tuner/Measure/MeasureError.h"
#include "Tuner/Tuner/Measure/Timing.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"

#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace mlir::tuner {

struct BuildRequest {
  /// The task module, printed.
  std::string module;
  /// The printed #sched.target.
  std::string target;
  /// The printed #sched.config; empty for the reference build.
  std::string config;
  /// Where to write the object file.
  std::string objectPath;
};

struct BuildOutcome {
  MeasureError error = MeasureError::None;
  std::string message;
  /// The function to call.
  std::string entry;
  /// Its signature: {inputs: [types], outputs: [types], flops, out_params}.
  llvm::json::Object signature;
  double seconds = 0;
  /// A CUDA candidate's kernels' resources (aggregateResources), when the
  /// toolkit's ptxas was found to assemble them.
  std::optional<cuda::KernelResources> resources;
};

/// The resources of the kernels of `module` (a module lowered by
/// tuner-lower-gpu with PTX objects) from `ptxas -arch=<chip> -v`: nullopt
/// when no ptxas is found (findPtxas) or the module has no PTX; fails with
/// ptxas's message when it rejects the PTX.
FailureOr<std::optional<cuda::KernelResources>>
getKernelResources(ModuleOp module, StringRef chip, std::string &error);

/// Applies the config (if any) to the task module, lowers it with
/// tuner-lower-cpu (out-parameters; OpenMP when the target has several
/// cores) or, for a CUDA candidate, tuner-lower-gpu, and writes the object
/// file. A CUDA candidate's PTX goes through ptxas -v when the toolkit is
/// found: one that spills or does not fit the target fails with
/// MeasureError::Resources (cuda::checkResources) and is never run.
BuildOutcome buildCandidate(MLIRContext &ctx, const BuildRequest &request);

struct RunRequest {
  std::string objectPath;
  std::string entry;
  llvm::json::Object signature;
  /// Identifies the task: inputs and reference outputs are cached by it.
  std::string taskKey;
  /// The reference's object file (empty: never verify).
  std::string referencePath;
  std::string referenceEntry;
  uint64_t seed = 0;
  TimingOptions timing;
  /// Verify the outputs when the median time is below this (infinity:
  /// always; 0: never). A candidate only needs checking when it would be
  /// the new best.
  double verifyBelow = std::numeric_limits<double>::infinity();
  /// The relative tolerance of the check; 0: the default of the kernel's
  /// signature (getKernelTolerance), whose absolute tolerance then stands.
  double tolerance = 0;
};

/// A run job's answer; for a reference job (ObjectRunner::computeReference)
/// only `error`, `message` and `referenceSeconds` are meaningful.
struct RunOutcome {
  MeasureError error = MeasureError::None;
  std::string message;
  std::vector<double> seconds;
  bool verified = false;
  double maxError = 0;
  double wallSeconds = 0;
  /// Seconds of one call of the reference (the untransformed task, lowered
  /// as it is) when this job computed the reference outputs; 0 otherwise.
  double referenceSeconds = 0;
};

/// Runs kernels from object files; keeps each task's inputs and reference
/// outputs between jobs.
class ObjectRunner {
public:
  explicit ObjectRunner(MLIRContext &ctx) : ctx(ctx) {}
  /// Times the candidate of `request`, and checks its outputs when asked
  /// (`verifyBelow`); the check needs the task's reference outputs, computed
  /// by an earlier computeReference (else the job fails).
  RunOutcome run(const RunRequest &request);
  /// Runs the task's reference (`referencePath`, `referenceEntry`) once on
  /// the task's inputs and keeps its outputs; `referenceSeconds` is the time
  /// of that call. `objectPath` and `entry` are not used.
  RunOutcome computeReference(const RunRequest &request);

private:
  struct TaskData {
    std::vector<HostBuffer> inputs;
    std::vector<HostBuffer> referenceOutputs;
    /// The arguments after the reference ran: a function on memrefs writes
    /// its results into them.
    std::vector<HostBuffer> referenceInputs;
    bool haveReference = false;
  };
  /// The task's inputs (made on first use); null with `error` when they
  /// cannot be allocated.
  TaskData *getTaskData(const RunRequest &request,
                        const KernelSignature &signature, std::string &error);

  MLIRContext &ctx;
  llvm::StringMap<std::unique_ptr<TaskData>> tasks;
};

/// Parses the signature object of BuildOutcome.
FailureOr<KernelSignature> parseSignature(MLIRContext &ctx,
                                          const llvm::json::Object &signature,
                                          std::string &error);

/// JSON form of a CUDA candidate's resources (null when absent).
llvm::json::Value
resourcesToJSON(const std::optional<cuda::KernelResources> &r);
std::optional<cuda::KernelResources>
resourcesFromJSON(const llvm::json::Object *o);

/// JSON wire format of the jobs (one object per line between processes).
llvm::json::Value toJSON(const BuildRequest &r);
llvm::json::Value toJSON(const BuildOutcome &r);
llvm::json::Value toJSON(const RunRequest &r);
llvm::json::Value toJSON(const RunOutcome &r);
bool fromJSON(const llvm::json::Value &v, BuildRequest &r);
bool fromJSON(const llvm::json::Value &v, BuildOutcome &r);
bool fromJSON(const llvm::json::Value &v, RunRequest &r);
bool fromJSON(const llvm::json::Value &v, RunOutcome &r);

} // namespace mlir::tuner

#endif // TUNER_TUNER_MEASURE_JOBS_H
