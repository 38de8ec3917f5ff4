//===- WorkerPool.cpp - the builders and the runner of a measurer ---------===//
//
// Starting workers on demand, the job and answer envelopes, and the typed
// calls of WorkerPool.h: one waiting for its answer, and the pieces of an
// event loop (start a job, wait for output, take an answer).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Measure/WorkerPool.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <poll.h>

using namespace mlir;
using namespace mlir::tuner;

WorkerPool::WorkerPool(Options options) : options(std::move(options)) {
  builders.resize(std::max(1u, this->options.builders));
}

WorkerPool::~WorkerPool() = default;

std::unique_ptr<WorkerProcess> &WorkerPool::at(WorkerSlot slot) {
  return slot.isRunner ? runner : builders[slot.index];
}

std::string WorkerPool::logPath(StringRef name) const {
  SmallString<256> p(options.logDirectory);
  llvm::sys::path::append(p, name);
  return std::string(p);
}

WorkerProcess *WorkerPool::get(WorkerSlot slot, std::string &error) {
  std::unique_ptr<WorkerProcess> &worker = at(slot);
  if (worker)
    return worker.get();
  WorkerProcess::Options o;
  o.executable = options.executable;
  // One log per process: the tail of a dead worker's log says why it died.
  if (slot.isRunner) {
    o.kind = "runner";
    o.logPath = logPath("runner-" + std::to_string(runnerSpawns++) + ".log");
    o.memoryLimitBytes = options.gpu ? 0 : options.memoryLimitBytes;
    o.environment.push_back("OMP_NUM_THREADS=" +
                            std::to_string(std::max(1u, options.threads)));
  } else {
    o.kind = "builder";
    o.logPath = logPath("builder-" + std::to_string(slot.index) + "-" +
                        std::to_string(builderSpawns++) + ".log");
    o.memoryLimitBytes = options.memoryLimitBytes;
  }
  auto spawned = WorkerProcess::spawn(o, 60, error);
  if (failed(spawned))
    return nullptr;
  worker = std::move(*spawned);
  if (slot.isRunner && options.onRunnerStart)
    options.onRunnerStart();
  return worker.get();
}

WorkerProcess *WorkerPool::find(WorkerSlot slot) const {
  return slot.isRunner ? runner.get() : builders[slot.index].get();
}

void WorkerPool::reset(WorkerSlot slot) { at(slot).reset(); }

FailureOr<int64_t> WorkerPool::startJob(WorkerSlot slot, StringRef kind,
                                        llvm::json::Value job, std::string &why,
                                        bool &spawnFailed) {
  std::string error;
  WorkerProcess *worker = get(slot, error);
  int64_t id = nextId++;
  spawnFailed = !worker;
  if (worker && succeeded(worker->send(makeJobLine(id, kind, std::move(job)))))
    return id;
  why =
      worker ? worker->getOptions().kind + " " + worker->describeExit() : error;
  reset(slot);
  return failure();
}

void WorkerPool::wait(ArrayRef<WorkerSlot> slots, double seconds,
                      SmallVectorImpl<bool> &alive) {
  alive.assign(slots.size(), true);
  SmallVector<struct pollfd> fds;
  for (WorkerSlot slot : slots)
    fds.push_back({find(slot)->getOutputFd(), POLLIN, 0});
  if (fds.empty())
    return;
  poll(fds.data(), fds.size(),
       static_cast<int>(std::max(0.0, seconds) * 1000) + 1);
  for (auto [i, pfd] : llvm::enumerate(fds))
    if (pfd.revents)
      alive[i] = find(slots[i])->readAvailable();
}

std::optional<std::optional<llvm::json::Value>>
WorkerPool::takeResult(WorkerSlot slot, int64_t id) {
  // Every answer carries the id of its job: a line answering another one
  // (left over from a job given up on) is dropped rather than taken for
  // this job's answer. A malformed line is an answer without a result.
  WorkerProcess &worker = *find(slot);
  while (std::optional<std::string> line = worker.popLine()) {
    llvm::Expected<llvm::json::Value> v = llvm::json::parse(*line);
    if (!v) {
      llvm::consumeError(v.takeError());
      return std::optional<llvm::json::Value>();
    }
    llvm::json::Object *o = v->getAsObject();
    std::optional<int64_t> answered = o ? o->getInteger("id") : std::nullopt;
    if (answered && *answered != id) {
      llvm::errs() << "mlir-tuner: dropped a worker's answer to job "
                   << *answered << " (waiting for job " << id << ")\n";
      continue;
    }
    if (llvm::json::Value *result = o ? o->get("result") : nullptr)
      return std::optional<llvm::json::Value>(std::move(*result));
    return std::optional<llvm::json::Value>();
  }
  return std::nullopt;
}

CallEnd WorkerPool::callJob(WorkerSlot slot, StringRef kind,
                            llvm::json::Value job, double limitSeconds,
                            std::optional<llvm::json::Value> &result,
                            std::string &why, double &seconds) {
  bool spawnFailed = false;
  if (failed(startJob(slot, kind, std::move(job), why, spawnFailed)))
    return spawnFailed ? CallEnd::NotStarted : CallEnd::NotSent;
  auto begin = Clock::now();
  WorkerProcess *worker = find(slot);
  std::optional<std::string> line = worker->receive(limitSeconds);
  seconds = std::chrono::duration<double>(Clock::now() - begin).count();
  if (!line) {
    bool hung = seconds >= limitSeconds;
    if (hung)
      worker->kill();
    why = worker->describeExit();
    reset(slot);
    return hung ? CallEnd::TimedOut : CallEnd::Died;
  }
  llvm::Expected<llvm::json::Value> v = llvm::json::parse(*line);
  const llvm::json::Object *o = v ? v->getAsObject() : nullptr;
  if (const llvm::json::Value *r = o ? o->get("result") : nullptr)
    result = *r;
  if (!v)
    llvm::consumeError(v.takeError());
  return CallEnd::Answered;
}

void WorkerPool::pauseBuilders() {
  if (paused)
    return;
  paused = true;
  pausedAt = Clock::now();
  for (auto &b : builders)
    if (b)
      b->stop();
}

double WorkerPool::resumeBuilders() {
  if (!paused)
    return 0;
  paused = false;
  for (auto &b : builders)
    if (b)
      b->resume();
  return std::chrono::duration<double>(Clock::now() - pausedAt).count();
}
