//===- Comm.h - MPI messages between rank 0 and the serving ranks -*- C++ -*-===//
//
// The transport of workers=mpi: JSON texts in MPI messages, a tag per kind,
// heartbeats from a thread of every rank, and the JSON forms of what a
// measurement job carries. MPI is started with MPI_THREAD_SERIALIZED and
// every MPI call goes through this class under its mutex. Nothing blocks in
// MPI: receives poll (MPI_Iprobe) and sends wait a bounded time, so a lost
// peer costs a timeout, never a hang.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_LIB_TUNER_MEASURE_MPI_COMM_H
#define TUNER_LIB_TUNER_MEASURE_MPI_COMM_H

#include "Tuner/Tuner/Measure/Measurer.h"

#include "llvm/Support/JSON.h"

#include <atomic>
#include <chrono>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace mlir::tuner::mpi {

/// Version of the rank protocol (Hello carries it).
constexpr int64_t kProtocolVersion = 1;

enum Tag : int {
  /// Serving rank -> 0: {version, host, pid, targets, measurers}.
  Hello = 1,
  /// 0 -> serving rank: {id, measurer, options}; answered by a Result.
  Configure = 2,
  /// 0 -> serving rank: {id, kind: measure|retime, task, configs, ...}.
  Job = 3,
  /// Serving rank -> 0: {id, error?, outputs, warnings, task}.
  Result = 4,
  /// Either way, every second: "I am alive".
  Heartbeat = 5,
  /// 0 -> serving rank: stop serving ("lost": some rank was lost, do not
  /// finalize MPI).
  Shutdown = 6,
};

struct Message {
  int source = -1;
  int tag = 0;
  std::string payload;
};

/// The MPI world of this process, once started.
class Comm {
public:
  /// Starts MPI (once); null with `error` when it fails.
  static Comm *start(int &argc, char **&argv, std::string &error);
  /// The started world, or null.
  static Comm *get();
  /// Stops the heartbeats and finalizes MPI (idempotent).
  static void stop();

  int getRank() const { return rank; }
  int getSize() const { return size; }

  /// Sends `payload` to `dest`, waiting up to `timeoutSeconds` for the send
  /// to complete; false when it does not (the peer is likely gone).
  bool send(int dest, int tag, std::string payload, double timeoutSeconds);
  bool send(int dest, int tag, const llvm::json::Value &value,
            double timeoutSeconds);
  /// The next message that is not a heartbeat, if one has arrived.
  std::optional<Message> poll();
  /// Seconds since any message (heartbeats included) came from `peer`.
  double getSilence(int peer);
  /// Heartbeats go to `peers` every second from a thread of this process.
  void startHeartbeats(std::vector<int> peers);
  /// No more heartbeats to `peer`: it is lost (silent too long, or a send
  /// to it failed). MPI is then not finalized (it would wait for the peer).
  void markLost(int peer);
  bool isLost(int peer);
  /// Some rank of the job was lost (rank 0 says so at shutdown): MPI is not
  /// finalized.
  void setSomeRankLost() { someRankLost = true; }
  /// Rank 0: Shutdown to every rank not forgotten (at most once).
  void shutDownPeers();

private:
  Comm() = default;
  void heartbeatLoop();

  using Clock = std::chrono::steady_clock;
  int rank = 0, size = 1;
  std::mutex mutex;
  std::vector<Clock::time_point> lastHeard;
  std::vector<int> heartbeatPeers;
  std::vector<bool> lost;
  std::thread heartbeats;
  std::atomic<bool> stopping{false};
  bool peersShutDown = false;
  bool someRankLost = false;
  /// Payloads of sends abandoned at their deadline: MPI may still read them.
  std::vector<std::unique_ptr<std::string>> abandoned;
};

/// An attribute as text (targets and configs travel printed).
std::string printAttr(Attribute attr);

/// JSON forms of a measurement's parts (Serve.cpp and MPIMeasurer.cpp).
llvm::json::Value toJSON(const MeasurerOptions &o);
bool fromJSON(const llvm::json::Value &v, MeasurerOptions &o);
llvm::json::Value toJSON(const MeasureOutput &o);
bool fromJSON(const llvm::json::Value &v, MeasureOutput &o);
/// What a task is, and what the search knows of it (best time so far).
llvm::json::Value taskToJSON(const MeasureTask &t);
bool taskFromJSON(const llvm::json::Value &v, MeasureTask &t);
/// What a rank learned of a task (best time, reference) merged into `into`.
llvm::json::Value taskProgressToJSON(const MeasureTask &t);
void mergeTaskProgress(const llvm::json::Object &progress, MeasureTask &into);
llvm::json::Value toJSON(const TimingOptions &t);
bool fromJSON(const llvm::json::Value &v, TimingOptions &t);

} // namespace mlir::tuner::mpi

#endif // TUNER_LIB_TUNER_MEASURE_MPI_COMM_H
