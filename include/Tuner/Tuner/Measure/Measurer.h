//===- Measurer.h - measuring candidates ------------------------*- C++ -*-===//
//
// A measurer takes candidates of a task (#sched.config attributes) and
// reports, for each, its timings or an error. The local measurer (`real`)
// builds candidates in `builders` parallel worker processes and runs them
// one at a time in a runner process, checking results against the task's
// reference when a candidate would be the new best.
//
// Measurers are found by name in a registry: `real` is built in; tools and
// test libraries may register others (the test library registers `fake`, a
// deterministic cost without building anything, which the installed tools
// do not have).
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_MEASURE_MEASURER_H
#define TUNER_TUNER_MEASURE_MEASURER_H

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"
#include "Tuner/Runtime/PTXAS.h"
#include "Tuner/Tuner/Measure/MeasureError.h"
#include "Tuner/Tuner/Measure/Timing.h"

#include "llvm/Support/JSON.h"

#include <chrono>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace mlir::tuner {

/// A task as the measurer sees it, with what it learns across batches.
struct MeasureTask {
  std::string key;
  std::string name;
  /// The task module (printed) and its target (printed).
  std::string module;
  std::string target;
  /// FLOPs of one call.
  int64_t flops = 0;

  /// Best median time of a valid, checked candidate so far.
  double bestSeconds = std::numeric_limits<double>::infinity();
  bool haveValid = false;
  /// The reference build (object file and entry), once built.
  std::string referenceObject, referenceEntry;
  bool referenceFailed = false;
  /// Seconds of one call of the reference (the task without a schedule),
  /// from the runner that computed the reference outputs; 0 until then.
  double untunedSeconds = 0;
  /// When the run's time budget is spent: no job starts after it, a job
  /// still running a few seconds after it is killed, and the candidates
  /// not measured come back `skipped` (MeasureOutput).
  std::chrono::steady_clock::time_point deadline =
      std::chrono::steady_clock::time_point::max();
};

/// One candidate to measure: its config (the task's sketch and knob values).
struct MeasureInput {
  sched::ConfigAttr config;
};

struct MeasureOutput {
  MeasureError error = MeasureError::None;
  std::string message;
  /// Time per call of every repeat (every repeat of every round for
  /// Measurer::retime); empty on error.
  std::vector<double> seconds;
  double buildSeconds = 0;
  double runSeconds = 0;
  /// Whether the outputs were checked against the reference (and matched).
  bool verified = false;
  /// A CUDA candidate's kernel resources (ptxas -v), when the toolkit
  /// exists; also on a Resources error.
  std::optional<cuda::KernelResources> resources;
  /// Where it was measured when not in this process's workers (workers=mpi):
  /// the host name, and the worker there ("mpi rank 2").
  std::string host;
  std::string worker;
  /// Not measured: the time budget ran out first (MeasureTask::deadline). A
  /// skipped candidate is no trial and no record.
  bool skipped = false;
};

/// How a job of Measurer::runOnBuilders ended.
struct BuilderJobResult {
  /// The worker's answer; none when the job was lost.
  std::optional<llvm::json::Value> answer;
  /// Why it was lost.
  std::string why;
};

using MeasureDoneFn = std::function<void(size_t, MeasureOutput)>;
using MeasureWarnFn = std::function<void(StringRef)>;

class Measurer {
public:
  virtual ~Measurer();
  /// Measures `inputs`; calls `done(i, output)` for each as it finishes (in
  /// any order; every input gets exactly one call).
  virtual void measure(MeasureTask &task, ArrayRef<MeasureInput> inputs,
                       const MeasureDoneFn &done,
                       const MeasureWarnFn &warn) = 0;

  /// Re-times `inputs` for the final validation of a task: builds each
  /// once, then runs them interleaved, `rounds` times over the list (input
  /// 0, 1, ..., n-1, 0, 1, ...), each run timed as `timing` says, so that a
  /// drift of the machine hits every input alike. The output of an input
  /// holds the timings of all its rounds. With `verify`, each input's outputs
  /// are checked against the reference in its first round (a mismatch is
  /// WRONG_ANSWER). Calls `done` once per input, after the last round.
  virtual void retime(MeasureTask &task, ArrayRef<MeasureInput> inputs,
                      unsigned rounds, const TimingOptions &timing, bool verify,
                      const MeasureDoneFn &done, const MeasureWarnFn &warn) = 0;

  /// Runs `jobs`, each a job of `kind` (a kind registered with
  /// registerWorkerJob, Worker.h), on the measurer's builder processes, in
  /// parallel, each within the measurer's time limit. Returns one result
  /// per job, in order: the handler's answer, or why the job was lost (its
  /// builder died, hung or could not start). Other components use it to do
  /// work that may crash or hang (applying a sketch) out of this process,
  /// between measurements. The default has no builders: every job is lost.
  virtual std::vector<BuilderJobResult>
  runOnBuilders(StringRef kind, ArrayRef<llvm::json::Value> jobs);
  /// The builder processes runOnBuilders() spreads jobs over (0: none).
  virtual unsigned getNumBuilders() const { return 0; }
};

/// Settings of a measurer (the `tuner-tune` options that concern it).
struct MeasurerOptions {
  /// Executable of the workers (started with --tuner-worker=...).
  std::string workerExecutable;
  /// Parallel builder processes.
  unsigned builders = 1;
  TimingOptions timing;
  /// Limit for building, and for running, one candidate (seconds).
  double timeoutSeconds = 15;
  /// Limit for building the task's reference (the untransformed task,
  /// lowered naively), and for running it once to compute the outputs the
  /// candidates are checked against (seconds). The reference runs in a job
  /// of its own, so a candidate never gets more than `timeoutSeconds`.
  double referenceTimeoutSeconds = 150;
  /// Check outputs against the reference (first valid candidate of a task
  /// and every new best).
  bool verify = true;
  /// Check every candidate, not only the first valid one and new bests.
  bool verifyAll = false;
  double tolerance = 0;
  /// Address-space limit of each worker (bytes; 0: none). Not applied to
  /// the runner of a GPU target (`gpu`): the CUDA driver reserves a virtual
  /// range the size of host and device memory together in cuInit, which
  /// fails with CUDA_ERROR_OUT_OF_MEMORY under any practical RLIMIT_AS.
  uint64_t memoryLimitBytes = 8ull << 30;
  /// The candidates run on a GPU (the runner initializes the CUDA driver).
  bool gpu = false;
  /// OpenMP threads of the runner (the target's cores).
  unsigned threads = 1;
  /// Seed of the kernels' random inputs.
  uint64_t seed = 0;
};

using MeasurerFactory = std::function<FailureOr<std::unique_ptr<Measurer>>(
    const MeasurerOptions &options, std::string &error)>;

/// A registered measurer.
struct MeasurerInfo {
  std::string name;
  std::string description;
  /// Whether it measures on hardware. Records of a measurer that does not
  /// say so in their `tool` field, and the runs skip what only makes sense
  /// on hardware (a CUDA device for a CUDA target, the drift check).
  bool measuresHardware = true;
  MeasurerFactory factory;
};

/// Registers a measurer under `info.name` (`real` is built in). Call it at
/// start-up; a name already registered is kept and `info` dropped.
void registerMeasurer(MeasurerInfo info);

/// The measurer registered as `name`, or null.
const MeasurerInfo *lookupMeasurer(StringRef name);

/// Names of the registered measurers, sorted.
std::vector<std::string> getMeasurerNames();

/// The built-in `real` measurer: builds and runs in worker processes; fails
/// if the worker executable is missing or the work directory cannot be made.
FailureOr<std::unique_ptr<Measurer>>
createLocalMeasurer(const MeasurerOptions &options, std::string &error);

} // namespace mlir::tuner

#endif // TUNER_TUNER_MEASURE_MEASURER_H
