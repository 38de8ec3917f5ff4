//===- LocalMeasurer.h - the measurer of this machine -----------*- C++ -*-===//
//
// The local measurer (`real`), on top of a worker pool: builds go to the
// builders, runs to the runner, and the task's reference is built and its
// outputs computed in jobs of their own before the first candidate that
// needs a check runs. measure()'s event loop is in MeasureLoop.cpp, the rest
// in LocalMeasurer.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_LIB_TUNER_MEASURE_LOCALMEASURER_H
#define TUNER_LIB_TUNER_MEASURE_LOCALMEASURER_H

#include "Tuner/Tuner/Measure/Jobs.h"
#include "Tuner/Tuner/Measure/Measurer.h"
#include "Tuner/Tuner/Measure/WorkerPool.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir::tuner {
namespace detail {

using Clock = std::chrono::steady_clock;

inline double secondsBetween(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

/// Seconds a job may run on past the time budget before it is killed.
constexpr double kDeadlineGraceSeconds = 2;

/// Seconds from now to `deadline` plus the grace, at least 0.1 (the
/// largest double when there is no deadline).
double secondsLeft(Clock::time_point deadline);

/// What a candidate not measured before the deadline comes back as.
MeasureOutput skippedOutput();

class LocalMeasurer : public Measurer {
public:
  LocalMeasurer(const MeasurerOptions &options, std::string workDir);
  ~LocalMeasurer() override;

  void measure(MeasureTask &task, ArrayRef<MeasureInput> inputs,
               const MeasureDoneFn &done, const MeasureWarnFn &warn) override;

  void retime(MeasureTask &task, ArrayRef<MeasureInput> inputs, unsigned rounds,
              const TimingOptions &timing, bool verify,
              const MeasureDoneFn &done, const MeasureWarnFn &warn) override;

  std::vector<BuilderJobResult>
  runOnBuilders(StringRef kind, ArrayRef<llvm::json::Value> jobs) override;
  unsigned getNumBuilders() const override { return pool->getNumBuilders(); }

private:
  friend class MeasureLoop;

  /// A job in flight on a worker.
  struct Active {
    size_t index = 0;
    int64_t id = 0;
    Clock::time_point start;
    /// Seconds the worker spent paused during this job.
    double paused = 0;
    std::string object;
  };

  std::string path(StringRef name) const;
  /// A new object file's path in the work directory.
  std::string newObjectPath(StringRef prefix);

  void buildReference(MeasureTask &task, const MeasureWarnFn &warn);
  /// Makes sure the runner holds the reference outputs of `task` (a
  /// `reference` job, waited for up to referenceTimeoutSeconds with the
  /// builders paused); on failure marks the reference failed and warns.
  /// Returns whether candidates of the task can be checked.
  bool ensureReferenceOutputs(MeasureTask &task, const MeasureWarnFn &warn);
  /// Builds one candidate on builder 0, waiting for it; the outcome's error
  /// says why it failed.
  BuildOutcome buildOne(MeasureTask &task, const MeasureInput &input,
                        StringRef objectPath);
  /// Runs one request (a job of `kind`) on the runner, waiting up to
  /// `limit` seconds; `seconds` is how long it took.
  RunOutcome runOne(const RunRequest &request, StringRef kind, double limit,
                    double &seconds);
  /// The build request of a candidate.
  BuildRequest makeBuildRequest(MeasureTask &task, const MeasureInput &input,
                                std::string objectPath) const;
  /// The run request of a built candidate; checked against the reference
  /// when its median is below `verifyBelow` (none: never).
  RunRequest makeRunRequest(MeasureTask &task, StringRef object,
                            const BuildOutcome &build,
                            const TimingOptions &timing,
                            std::optional<double> verifyBelow) const;
  void pauseBuilders();
  void resumeBuilders();

  MeasurerOptions options;
  std::string workDir;
  unsigned cpus;
  std::unique_ptr<WorkerPool> pool;
  /// Task keys whose reference outputs the current runner has computed.
  llvm::StringSet<> runnerHasReference;
  /// Kernel signature of each task's reference build.
  llvm::StringMap<llvm::json::Object> referenceSignatures;
  int64_t nextObject = 0;
  /// The builds in flight (measure()), whose time paused is not counted.
  std::vector<std::optional<Active>> activeBuilds;
};

} // namespace detail
} // namespace mlir::tuner

#endif // TUNER_LIB_TUNER_MEASURE_LOCALMEASURER_H
