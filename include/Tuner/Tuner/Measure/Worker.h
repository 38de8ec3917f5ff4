//===- Worker.h - builder and runner processes ------------------*- C++ -*-===//
//
// Candidates are built and run in worker processes, so that a pattern set
// that never terminates, a crash, a hang or a memory blow-up costs one
// candidate and not the run. A worker is the tuner's executable started with
// `--tuner-worker=builder|runner`: it reads one JSON job per line on stdin
// and answers one JSON line on stdout. The driver side (WorkerProcess)
// spawns it with an address-space limit, sends jobs, reads answers with
// deadlines, and kills it when it hangs.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_MEASURE_WORKER_H
#define TUNER_TUNER_MEASURE_WORKER_H

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/JSON.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace mlir::tuner {

/// Version of the driver/worker protocol (2: runners take `reference` jobs).
constexpr int64_t kWorkerProtocolVersion = 2;

/// The line a driver sends a worker: {"id", "kind", "job"}, without "kind"
/// for a plain build or run job.
llvm::json::Value makeJobLine(int64_t id, StringRef kind,
                              llvm::json::Value job);
/// The line a worker answers job `id` with: {"id", "result"}.
llvm::json::Value makeAnswerLine(int64_t id, llvm::json::Value result);

/// What a builder does with a job of a registered kind: the answer to
/// `job`, computed in `ctx` (a fresh context of the worker's registry).
using WorkerJobHandler = std::function<llvm::json::Value(
    MLIRContext &ctx, const llvm::json::Value &job)>;

/// Registers the builder job `kind` (Measurer::runOnBuilders sends such
/// jobs): components above the measurer register the work they want done
/// in worker processes, as `features` for the cost model. Call it at
/// start-up, before maybeRunWorker; a kind already registered is kept.
void registerWorkerJob(StringRef kind, WorkerJobHandler handler);

/// The worker's main loop (`tool --tuner-worker=<kind>`); `kind` is
/// "builder" or "runner". Returns the process exit code.
int runWorkerMain(StringRef kind, const DialectRegistry &registry);

/// Handles `--tuner-worker=<kind>` as the first argument: returns the exit
/// code of the worker, or nullopt when the arguments are not a worker's.
/// Tools call this first in main().
std::optional<int> maybeRunWorker(int argc, char **argv,
                                  const DialectRegistry &registry);

/// The executable a driver starts its workers from by default: this
/// process's own executable.
std::string getDefaultWorkerExecutable();

/// This machine's host name (records name where they were measured).
std::string getHostName();

/// A worker process seen from the driver.
class WorkerProcess {
public:
  struct Options {
    std::string executable;
    std::string kind;
    /// The worker's stderr goes here.
    std::string logPath;
    /// RLIMIT_AS of the worker (0: unlimited).
    uint64_t memoryLimitBytes = 0;
    /// Extra environment variables, "NAME=value".
    std::vector<std::string> environment;
  };

  ~WorkerProcess();

  /// Starts a worker and waits (up to `timeoutSeconds`) for its greeting.
  static FailureOr<std::unique_ptr<WorkerProcess>>
  spawn(const Options &options, double timeoutSeconds, std::string &error);

  /// Sends one job line. Fails if the worker is gone.
  LogicalResult send(const llvm::json::Value &job);

  /// The fd to poll for answers.
  int getOutputFd() const { return outFd; }
  /// Reads what is available without blocking; returns false on EOF (the
  /// worker exited or closed its output).
  bool readAvailable();
  /// The next complete answer line, if one has arrived.
  std::optional<std::string> popLine();
  /// Waits up to `timeoutSeconds` for one answer line.
  std::optional<std::string> receive(double timeoutSeconds);

  /// Kills the worker (SIGKILL) and reaps it.
  void kill();
  /// Pauses (SIGSTOP) / resumes (SIGCONT) the worker.
  void stop();
  void resume();
  bool isStopped() const { return stopped; }

  /// Reaps the worker if it exited; describes how ("killed by signal 11
  /// (Segmentation fault)"), with the tail of its log.
  std::string describeExit();

  pid_t getPid() const { return pid; }
  const Options &getOptions() const { return options; }

private:
  WorkerProcess() = default;

  Options options;
  pid_t pid = -1;
  int inFd = -1, outFd = -1;
  std::string buffer;
  bool stopped = false;
  bool reaped = false;
  int status = 0;
};

} // namespace mlir::tuner

#endif // TUNER_TUNER_MEASURE_WORKER_H
