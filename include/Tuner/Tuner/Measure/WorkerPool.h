//===- WorkerPool.h - the builders and the runner of a measurer -*- C++ -*-===//
//
// The worker processes of the local measurer: `builders` builder processes
// and one runner, each started when first needed and started again after it
// is given up on. Jobs go out in one envelope (makeJobLine, Worker.h) and
// come back in another (makeAnswerLine). A typed call sends a request and
// reads its outcome, either waiting for it (call) or in an event loop
// (start, wait, take); how it ended (answered, malformed answer, not
// started, not sent, worker died, timed out) is for the caller to turn into
// a candidate's error.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_MEASURE_WORKERPOOL_H
#define TUNER_TUNER_MEASURE_WORKERPOOL_H

#include "Tuner/Tuner/Measure/Worker.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/JSON.h"

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir::tuner {

/// A worker of a pool: builder `index`, or the runner.
struct WorkerSlot {
  static WorkerSlot builder(unsigned index) { return {false, index}; }
  static WorkerSlot runner() { return {true, 0}; }
  bool isRunner = false;
  unsigned index = 0;
};

/// How a call ended.
enum class CallEnd {
  /// The worker answered with an outcome.
  Answered,
  /// The worker answered something that is not an outcome.
  Malformed,
  /// The worker could not be started.
  NotStarted,
  /// The job could not be sent: the worker is gone.
  NotSent,
  /// The worker exited before answering.
  Died,
  /// No answer within the limit; the worker was killed.
  TimedOut,
};

/// What a call came back with.
template <typename Outcome> struct Reply {
  CallEnd end = CallEnd::Answered;
  /// The outcome (Answered only).
  Outcome outcome;
  /// NotStarted: why; NotSent: "builder" or "runner" and how it exited;
  /// Died and TimedOut: how the worker exited (describeExit).
  std::string why;
  /// Seconds from sending to the answer (or to giving up).
  double seconds = 0;
};

/// The builders and the runner of a measurer.
class WorkerPool {
public:
  using Clock = std::chrono::steady_clock;

  struct Options {
    std::string executable;
    unsigned builders = 1;
    /// RLIMIT_AS of the builders, and of the runner unless `gpu`.
    uint64_t memoryLimitBytes = 0;
    bool gpu = false;
    /// OMP_NUM_THREADS of the runner.
    unsigned threads = 1;
    /// The directory of the workers' logs.
    std::string logDirectory;
    /// Called when the runner is started (again): what it held is gone.
    std::function<void()> onRunnerStart;
  };

  explicit WorkerPool(Options options);
  ~WorkerPool();

  unsigned getNumBuilders() const { return builders.size(); }

  /// The worker in `slot`, started if it is not running; null (with
  /// `error`) when it cannot start.
  WorkerProcess *get(WorkerSlot slot, std::string &error);
  /// The worker in `slot` if it is running, else null.
  WorkerProcess *find(WorkerSlot slot) const;
  /// Gives up on the worker in `slot` (it is killed); the next get()
  /// starts a new one.
  void reset(WorkerSlot slot);

  /// Sends `request` as a job of `kind` (empty for a plain build or run)
  /// to the worker in `slot`, starting it if needed. Returns the job's id;
  /// on failure the worker is given up on, `spawnFailed` tells whether it
  /// was NotStarted or NotSent, and `why` is what that reply's says.
  template <typename Request>
  FailureOr<int64_t> start(WorkerSlot slot, StringRef kind,
                           const Request &request, std::string &why,
                           bool &spawnFailed) {
    return startJob(slot, kind, toJSON(request), why, spawnFailed);
  }
  /// The same for a job already in JSON (Measurer::runOnBuilders).
  FailureOr<int64_t> start(WorkerSlot slot, StringRef kind,
                           const llvm::json::Value &job, std::string &why,
                           bool &spawnFailed) {
    return startJob(slot, kind, job, why, spawnFailed);
  }

  /// Waits up to `seconds` for output from any worker of `slots`, and reads
  /// it; sets `alive` (one per slot) to whether each still has its output
  /// open.
  void wait(ArrayRef<WorkerSlot> slots, double seconds,
            SmallVectorImpl<bool> &alive);

  /// The answer of the worker in `slot` to job `id`, if it has arrived
  /// (answers to other jobs are dropped): Answered or Malformed.
  template <typename Outcome>
  std::optional<Reply<Outcome>> take(WorkerSlot slot, int64_t id) {
    std::optional<std::optional<llvm::json::Value>> result =
        takeResult(slot, id);
    if (!result)
      return std::nullopt;
    Reply<Outcome> reply;
    if (!*result || !fromJSON(**result, reply.outcome)) {
      reply = Reply<Outcome>();
      reply.end = CallEnd::Malformed;
    }
    return reply;
  }

  /// One typed call: sends `request` (a job of `kind`) to the worker in
  /// `slot` and waits up to `limitSeconds` for its outcome. A worker that
  /// does not answer is killed (when it timed out) and given up on.
  template <typename Request, typename Outcome>
  Reply<Outcome> call(WorkerSlot slot, StringRef kind, const Request &request,
                      double limitSeconds) {
    Reply<Outcome> reply;
    std::optional<llvm::json::Value> result;
    reply.end = callJob(slot, kind, toJSON(request), limitSeconds, result,
                        reply.why, reply.seconds);
    if (reply.end == CallEnd::Answered &&
        (!result || !fromJSON(*result, reply.outcome))) {
      reply.outcome = Outcome();
      reply.end = CallEnd::Malformed;
    }
    return reply;
  }

  /// Pauses (SIGSTOP) the running builders, so that they do not disturb a
  /// timing; resume() returns the seconds they were paused.
  void pauseBuilders();
  double resumeBuilders();
  bool areBuildersPaused() const { return paused; }

private:
  FailureOr<int64_t> startJob(WorkerSlot slot, StringRef kind,
                              llvm::json::Value job, std::string &why,
                              bool &spawnFailed);
  std::optional<std::optional<llvm::json::Value>> takeResult(WorkerSlot slot,
                                                             int64_t id);
  CallEnd callJob(WorkerSlot slot, StringRef kind, llvm::json::Value job,
                  double limitSeconds, std::optional<llvm::json::Value> &result,
                  std::string &why, double &seconds);
  std::unique_ptr<WorkerProcess> &at(WorkerSlot slot);
  std::string logPath(StringRef name) const;

  Options options;
  std::vector<std::unique_ptr<WorkerProcess>> builders;
  std::unique_ptr<WorkerProcess> runner;
  unsigned builderSpawns = 0, runnerSpawns = 0;
  int64_t nextId = 0;
  Clock::time_point pausedAt;
  bool paused = false;
};

} // namespace mlir::tuner

#endif // TUNER_TUNER_MEASURE_WORKERPOOL_H
