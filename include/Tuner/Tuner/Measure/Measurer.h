//===- Measurer.h - measuring candidates ------------------------*- C++ -*-===//
//
// A measurer takes candidates of a task and reports, for each, its timings
// or an error. The local measurer builds candidates in `builders` parallel
// worker processes and runs them one at a time in a runner process, checking
// results against the task's reference when a candidate would be the new
// best. The fake measurer (tests of the driver only) computes a deterministic
// cost from the knobs without building anything.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_MEASURE_MEASURER_H
#define TUNER_TUNER_MEASURE_MEASURER_H

#include "Tuner/Tuner/CostModel/CostModel.h"
#include "Tuner/Tuner/Database/Database.h"
#include "Tuner/Tuner/Measure/Timing.h"
#include "Tuner/Tuner/Search/SearchSpace.h"

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
  /// The task's space (the fake measurer reads knob options from it).
  const SearchSpace *space = nullptr;

  /// Best median time of a valid, checked candidate so far.
  double bestSeconds = std::numeric_limits<double>::infinity();
  bool haveValid = false;
  /// The reference build (object file and entry), once built.
  std::string referenceObject, referenceEntry;
  bool referenceFailed = false;
  /// Seconds of one call of the reference (the task without a schedule),
  /// from the runner that computed the reference outputs; 0 until then.
  double untunedSeconds = 0;
};

struct MeasureInput {
  Candidate candidate;
  sched::ConfigAttr config;
};

struct MeasureOutput {
  MeasureError error = MeasureError::None;
  std::string message;
  std::vector<double> seconds;
  double buildSeconds = 0;
  double runSeconds = 0;
  bool verified = false;
};

class Measurer {
public:
  virtual ~Measurer();
  /// Measures `inputs`; calls `done(i, output)` for each as it finishes (in
  /// any order; every input gets exactly one call).
  virtual void measure(MeasureTask &task, ArrayRef<MeasureInput> inputs,
                       const std::function<void(size_t, MeasureOutput)> &done,
                       const std::function<void(StringRef)> &warn) = 0;

  /// The cost model's feature vectors of `inputs` (Features.h), one per
  /// input; empty where the sketch did not apply or featurizing failed.
  virtual std::vector<FeatureVector>
  featurize(MeasureTask &task, ArrayRef<MeasureInput> inputs,
            const std::function<void(StringRef)> &warn) = 0;
  /// Length of the vectors featurize() returns.
  virtual unsigned getNumFeatures() const = 0;
};

struct LocalMeasurerOptions {
  /// Executable of the workers (started with --tuner-worker=...).
  std::string workerExecutable;
  /// Parallel builder processes.
  unsigned builders = 1;
  TimingOptions timing;
  /// Limit for building, and for running, one candidate (seconds).
  double timeoutSeconds = 15;
  /// Check outputs against the reference (first valid candidate of a task
  /// and every new best).
  bool verify = true;
  /// Check every candidate, not only the first valid one and new bests.
  bool verifyAll = false;
  double tolerance = 0;
  /// Address-space limit of each worker (bytes; 0: none).
  uint64_t memoryLimitBytes = 8ull << 30;
  /// OpenMP threads of the runner (the target's cores).
  unsigned threads = 1;
  /// Seed of the kernels' random inputs.
  uint64_t seed = 0;
};

/// Measures in worker processes; fails if the work directory cannot be made.
FailureOr<std::unique_ptr<Measurer>>
createLocalMeasurer(const LocalMeasurerOptions &options, std::string &error);

/// Test-only: the cost of a candidate is a separable bowl over the knobs'
/// option indices with a task-dependent optimum, three repeats with a small
/// deterministic spread. Candidates of sketch `test.fault` fail with the
/// error their `kind` knob names. Its features are the sketch index and the
/// knobs' option indices (no IR is built).
std::unique_ptr<Measurer> createFakeMeasurer();

/// The fake measurer's cost (seconds) of a candidate.
double getFakeCost(const SearchSpace &space, const Candidate &candidate,
                   StringRef taskKey);

} // namespace mlir::tuner

#endif // TUNER_TUNER_MEASURE_MEASURER_H
