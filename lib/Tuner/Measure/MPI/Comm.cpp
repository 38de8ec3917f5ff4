//===- Comm.cpp - MPI messages between rank 0 and the serving ranks -------===//

#include "Comm.h"

#include "Tuner/Tuner/Measure/Jobs.h"
#include "Tuner/Tuner/Measure/MPI.h"
#include "Tuner/Tuner/Measure/Worker.h"

// The C API only (OpenMPI would also pull in its deprecated C++ bindings).
#define OMPI_SKIP_MPICXX 1
#include <mpi.h>

#include <cstdlib>
#include <unistd.h>

using namespace mlir;
using namespace mlir::tuner;
using namespace mlir::tuner::mpi;

namespace {
Comm *world = nullptr;
bool finalized = false;

constexpr auto kPollInterval = std::chrono::microseconds(500);
constexpr auto kHeartbeatPeriod = std::chrono::seconds(1);
} // namespace

Comm *Comm::get() { return world; }

Comm *Comm::start(int &argc, char **&argv, std::string &error) {
  if (world)
    return world;
  if (finalized) {
    error = "MPI was already finalized in this process";
    return nullptr;
  }
  int provided = 0;
  if (MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided) !=
      MPI_SUCCESS) {
    error = "MPI_Init_thread failed";
    return nullptr;
  }
  if (provided < MPI_THREAD_SERIALIZED) {
    error = "the MPI library does not support MPI_THREAD_SERIALIZED";
    MPI_Finalize();
    finalized = true;
    return nullptr;
  }
  // A lost peer must fail a call, not abort the job.
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  world = new Comm();
  MPI_Comm_rank(MPI_COMM_WORLD, &world->rank);
  MPI_Comm_size(MPI_COMM_WORLD, &world->size);
  world->lastHeard.assign(world->size, Clock::now());
  world->lost.assign(world->size, false);
  std::atexit(Comm::stop);
  return world;
}

void Comm::stop() {
  if (!world)
    return;
  world->stopping = true;
  if (world->heartbeats.joinable())
    world->heartbeats.join();
  if (world->rank == 0)
    world->shutDownPeers();
  // MPI_Finalize waits for every rank; with a rank lost it could wait for
  // ever, so then this process only leaves (mpirun reports the lost rank).
  bool peerLost = world->someRankLost;
  for (int peer = 0; peer < world->size; ++peer)
    peerLost |= world->isLost(peer);
  if (!peerLost)
    MPI_Finalize();
  finalized = true;
  // `world` stays allocated: its abandoned payloads may still be read.
  world = nullptr;
}

bool Comm::send(int dest, int tag, std::string payload, double timeoutSeconds) {
  auto owned = std::make_unique<std::string>(std::move(payload));
  MPI_Request request;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (MPI_Isend(owned->data(), static_cast<int>(owned->size()), MPI_CHAR,
                  dest, tag, MPI_COMM_WORLD, &request) != MPI_SUCCESS)
      return false;
  }
  auto deadline = Clock::now() + std::chrono::duration<double>(timeoutSeconds);
  while (true) {
    int done = 0;
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (MPI_Test(&request, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS)
        return false;
    }
    if (done)
      return true;
    // A peer that stopped sending heartbeats will not take it either.
    if (Clock::now() > deadline || getSilence(dest) > kMPIRankSilenceSeconds) {
      std::lock_guard<std::mutex> lock(mutex);
      abandoned.push_back(std::move(owned));
      return false;
    }
    std::this_thread::sleep_for(kPollInterval);
  }
}

bool Comm::send(int dest, int tag, const llvm::json::Value &value,
                double timeoutSeconds) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << value;
  return send(dest, tag, std::move(text), timeoutSeconds);
}

std::optional<Message> Comm::poll() {
  std::lock_guard<std::mutex> lock(mutex);
  while (true) {
    int flag = 0;
    MPI_Status status;
    if (MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag,
                   &status) != MPI_SUCCESS ||
        !flag)
      return std::nullopt;
    int count = 0;
    MPI_Get_count(&status, MPI_CHAR, &count);
    Message m;
    m.source = status.MPI_SOURCE;
    m.tag = status.MPI_TAG;
    m.payload.resize(std::max(count, 0));
    if (MPI_Recv(m.payload.data(), count, MPI_CHAR, m.source, m.tag,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE) != MPI_SUCCESS)
      return std::nullopt;
    if (m.source >= 0 && m.source < size)
      lastHeard[m.source] = Clock::now();
    if (m.tag != Heartbeat)
      return m;
  }
}

double Comm::getSilence(int peer) {
  std::lock_guard<std::mutex> lock(mutex);
  if (peer < 0 || peer >= size)
    return 0;
  return std::chrono::duration<double>(Clock::now() - lastHeard[peer]).count();
}

void Comm::startHeartbeats(std::vector<int> peers) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    heartbeatPeers = std::move(peers);
    for (int peer : heartbeatPeers)
      lastHeard[peer] = Clock::now();
  }
  if (!heartbeats.joinable())
    heartbeats = std::thread([this] { heartbeatLoop(); });
}

void Comm::markLost(int peer) {
  std::lock_guard<std::mutex> lock(mutex);
  llvm::erase(heartbeatPeers, peer);
  if (peer >= 0 && peer < size)
    lost[peer] = true;
}

bool Comm::isLost(int peer) {
  std::lock_guard<std::mutex> lock(mutex);
  return peer >= 0 && peer < size && lost[peer];
}

void Comm::heartbeatLoop() {
  static char beat = 0;
  // One heartbeat in flight per peer: one that a lost peer never takes
  // leaves its request pending, and the next beat to it is skipped.
  std::vector<MPI_Request> pending(size, MPI_REQUEST_NULL);
  while (!stopping) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      for (int peer : heartbeatPeers) {
        int done = 1;
        if (pending[peer] != MPI_REQUEST_NULL)
          MPI_Test(&pending[peer], &done, MPI_STATUS_IGNORE);
        if (done)
          MPI_Isend(&beat, 0, MPI_CHAR, peer, Heartbeat, MPI_COMM_WORLD,
                    &pending[peer]);
      }
    }
    auto until = std::chrono::steady_clock::now() + kHeartbeatPeriod;
    while (!stopping && std::chrono::steady_clock::now() < until)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

void Comm::shutDownPeers() {
  if (peersShutDown)
    return;
  peersShutDown = true;
  {
    std::lock_guard<std::mutex> lock(mutex);
    heartbeatPeers.clear();
  }
  // Ranks that never greeted are told too (they may still be starting).
  // With a rank lost, nobody finalizes MPI (it would wait for that rank).
  bool anyLost = false;
  for (int peer = 1; peer < size; ++peer)
    anyLost |= isLost(peer);
  for (int peer = 1; peer < size; ++peer)
    if (!isLost(peer) && !send(peer, Shutdown, std::string(anyLost ? "lost" : ""),
                               /*timeoutSeconds=*/2))
      markLost(peer);
}

//===----------------------------------------------------------------------===//
// JSON forms
//===----------------------------------------------------------------------===//

std::string mpi::printAttr(Attribute attr) {
  std::string text;
  llvm::raw_string_ostream os(text);
  attr.print(os);
  return text;
}

llvm::json::Value mpi::toJSON(const TimingOptions &t) {
  return llvm::json::Object{{"warmup", static_cast<int64_t>(t.warmup)},
                            {"repeats", static_cast<int64_t>(t.repeats)},
                            {"min_repeat_ms", t.minRepeatMs}};
}

bool mpi::fromJSON(const llvm::json::Value &v, TimingOptions &t) {
  const llvm::json::Object *o = v.getAsObject();
  if (!o)
    return false;
  t.warmup = o->getInteger("warmup").value_or(1);
  t.repeats = o->getInteger("repeats").value_or(3);
  t.minRepeatMs = o->getNumber("min_repeat_ms").value_or(0);
  return true;
}

llvm::json::Value mpi::toJSON(const MeasurerOptions &o) {
  return llvm::json::Object{
      {"worker", o.workerExecutable},
      {"builders", static_cast<int64_t>(o.builders)},
      {"timing", toJSON(o.timing)},
      {"timeout_s", o.timeoutSeconds},
      {"reference_timeout_s", o.referenceTimeoutSeconds},
      {"verify", o.verify},
      {"verify_all", o.verifyAll},
      {"tolerance", o.tolerance},
      {"memory_limit", static_cast<int64_t>(o.memoryLimitBytes)},
      {"threads", static_cast<int64_t>(o.threads)},
      {"seed", static_cast<int64_t>(o.seed)}};
}

bool mpi::fromJSON(const llvm::json::Value &v, MeasurerOptions &o) {
  const llvm::json::Object *obj = v.getAsObject();
  if (!obj || !obj->get("timing") || !fromJSON(*obj->get("timing"), o.timing))
    return false;
  o.workerExecutable = obj->getString("worker").value_or("").str();
  o.builders = obj->getInteger("builders").value_or(0);
  o.timeoutSeconds = obj->getNumber("timeout_s").value_or(15);
  o.referenceTimeoutSeconds =
      obj->getNumber("reference_timeout_s").value_or(150);
  o.verify = obj->getBoolean("verify").value_or(true);
  o.verifyAll = obj->getBoolean("verify_all").value_or(false);
  o.tolerance = obj->getNumber("tolerance").value_or(0);
  o.memoryLimitBytes = obj->getInteger("memory_limit").value_or(0);
  o.threads = obj->getInteger("threads").value_or(1);
  o.seed = obj->getInteger("seed").value_or(0);
  return true;
}

llvm::json::Value mpi::toJSON(const MeasureOutput &o) {
  return llvm::json::Object{{"error", static_cast<int64_t>(o.error)},
                            {"message", o.message},
                            {"seconds", llvm::json::Array(o.seconds)},
                            {"build_s", o.buildSeconds},
                            {"run_s", o.runSeconds},
                            {"verified", o.verified},
                            {"host", o.host},
                            {"worker", o.worker},
                            {"resources", resourcesToJSON(o.resources)}};
}

bool mpi::fromJSON(const llvm::json::Value &v, MeasureOutput &o) {
  const llvm::json::Object *obj = v.getAsObject();
  if (!obj)
    return false;
  int64_t error = obj->getInteger("error").value_or(-1);
  if (error < 0 || error > kMaxMeasureError)
    return false;
  o.error = static_cast<MeasureError>(error);
  o.message = obj->getString("message").value_or("").str();
  if (const llvm::json::Array *seconds = obj->getArray("seconds"))
    for (const llvm::json::Value &s : *seconds)
      if (std::optional<double> x = s.getAsNumber())
        o.seconds.push_back(*x);
  o.buildSeconds = obj->getNumber("build_s").value_or(0);
  o.runSeconds = obj->getNumber("run_s").value_or(0);
  o.verified = obj->getBoolean("verified").value_or(false);
  o.host = obj->getString("host").value_or("").str();
  o.worker = obj->getString("worker").value_or("").str();
  o.resources = resourcesFromJSON(obj->getObject("resources"));
  return true;
}

llvm::json::Value mpi::taskToJSON(const MeasureTask &t) {
  llvm::json::Object o{{"key", t.key},       {"name", t.name},
                       {"module", t.module}, {"target", t.target},
                       {"flops", t.flops},   {"have_valid", t.haveValid}};
  if (std::isfinite(t.bestSeconds))
    o["best_s"] = t.bestSeconds;
  return o;
}

bool mpi::taskFromJSON(const llvm::json::Value &v, MeasureTask &t) {
  const llvm::json::Object *o = v.getAsObject();
  if (!o || !o->getString("key") || !o->getString("module") ||
      !o->getString("target"))
    return false;
  t.key = o->getString("key")->str();
  t.name = o->getString("name").value_or("").str();
  t.module = o->getString("module")->str();
  t.target = o->getString("target")->str();
  t.flops = o->getInteger("flops").value_or(0);
  return true;
}

llvm::json::Value mpi::taskProgressToJSON(const MeasureTask &t) {
  llvm::json::Object o{{"have_valid", t.haveValid},
                       {"reference_failed", t.referenceFailed},
                       {"untuned_s", t.untunedSeconds}};
  if (std::isfinite(t.bestSeconds))
    o["best_s"] = t.bestSeconds;
  return o;
}

void mpi::mergeTaskProgress(const llvm::json::Object &progress,
                            MeasureTask &into) {
  if (std::optional<double> best = progress.getNumber("best_s"))
    into.bestSeconds = std::min(into.bestSeconds, *best);
  into.haveValid |= progress.getBoolean("have_valid").value_or(false);
  into.referenceFailed |= progress.getBoolean("reference_failed").value_or(false);
  double untuned = progress.getNumber("untuned_s").value_or(0);
  if (into.untunedSeconds == 0 && untuned > 0)
    into.untunedSeconds = untuned;
}
