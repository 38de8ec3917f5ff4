//===- MeasureLoop.cpp - the local measurer's event loop ------------------===//
//
// LocalMeasurer::measure: builds go to the builders, finished builds queue
// for the single runner, and every job has a deadline. A worker that crashes
// or misses its deadline is killed and replaced; the candidate it held gets
// an error code. While the runner times a kernel, builders are paused
// (SIGSTOP) if together they would need more CPUs than the machine has, so
// that timings are not disturbed. The reference outputs are computed in a
// job of their own before the first candidate that needs a check runs.
//
//===----------------------------------------------------------------------===//

#include "LocalMeasurer.h"

#include "Tuner/Support/Median.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"

#include <deque>
#include <limits>

using namespace mlir;
using namespace mlir::tuner;
using namespace mlir::tuner::detail;

namespace mlir::tuner::detail {
/// One measure() call: its queues and the jobs in flight.
class MeasureLoop {
public:
  MeasureLoop(LocalMeasurer &m, MeasureTask &task,
              ArrayRef<MeasureInput> inputs, const MeasureDoneFn &done,
              const MeasureWarnFn &warn)
      : m(m), pool(*m.pool), task(task), inputs(inputs), done(done), warn(warn),
        remaining(inputs.size()), buildSeconds(inputs.size(), 0),
        buildResources(inputs.size()) {
    checking = m.options.verify && !task.referenceFailed;
    for (size_t i = 0; i < inputs.size(); ++i)
      buildQueue.push_back(i);
    m.activeBuilds.assign(pool.getNumBuilders(), std::nullopt);
  }

  void run() {
    while (remaining > 0) {
      if (!skipLate())
        break;
      startBuilds();
      if (!activeRun && !runQueue.empty() && !startRun())
        continue;
      waitAndCollect();
    }
  }

private:
  struct Built {
    size_t index;
    std::string object;
    BuildOutcome outcome;
  };

  void finish(size_t index, MeasureOutput out) {
    --remaining;
    done(index, std::move(out));
  }
  static void deleteObject(StringRef object) {
    if (!object.empty())
      llvm::sys::fs::remove(object);
  }

  bool skipLate();
  void startBuilds();
  bool startRun();
  void waitAndCollect();
  void collectBuild(unsigned b, bool alive, Clock::time_point now);
  void collectRun(bool alive, Clock::time_point now);

  LocalMeasurer &m;
  WorkerPool &pool;
  MeasureTask &task;
  ArrayRef<MeasureInput> inputs;
  const MeasureDoneFn &done;
  const MeasureWarnFn &warn;
  bool checking;
  std::deque<size_t> buildQueue;
  std::deque<Built> runQueue;
  std::optional<LocalMeasurer::Active> activeRun;
  size_t remaining;
  // Builds of each candidate, to report in its record.
  std::vector<double> buildSeconds;
  std::vector<std::optional<cuda::KernelResources>> buildResources;
};
} // namespace mlir::tuner::detail

/// Past the time budget: nothing new starts, and what is running gets a
/// grace period before it is killed. Returns false when nothing is left.
bool MeasureLoop::skipLate() {
  bool late = Clock::now() >= task.deadline;
  bool overdue = late && secondsBetween(task.deadline, Clock::now()) >
                             kDeadlineGraceSeconds;
  if (late) {
    for (size_t index : buildQueue)
      finish(index, skippedOutput());
    buildQueue.clear();
    for (Built &built : runQueue) {
      deleteObject(built.object);
      finish(built.index, skippedOutput());
    }
    runQueue.clear();
  }
  if (!overdue)
    return true;
  for (unsigned b = 0; b < pool.getNumBuilders(); ++b) {
    std::optional<LocalMeasurer::Active> &active = m.activeBuilds[b];
    if (!active)
      continue;
    deleteObject(active->object);
    finish(active->index, skippedOutput());
    active.reset();
    pool.reset(WorkerSlot::builder(b));
  }
  if (activeRun) {
    deleteObject(activeRun->object);
    finish(activeRun->index, skippedOutput());
    activeRun.reset();
    pool.reset(WorkerSlot::runner());
    m.resumeBuilders();
  }
  return remaining > 0;
}

/// Hands out builds, not while the builders are paused: a stopped builder
/// reads no job, and a job larger than the pipe's buffer (a task with big
/// constants) would block here until it resumed, which never comes.
void MeasureLoop::startBuilds() {
  for (unsigned b = 0; b < pool.getNumBuilders() && !buildQueue.empty() &&
                       !pool.areBuildersPaused();
       ++b) {
    if (m.activeBuilds[b])
      continue;
    size_t index = buildQueue.front();
    buildQueue.pop_front();
    BuildRequest request =
        m.makeBuildRequest(task, inputs[index], m.newObjectPath("candidate"));
    std::string why;
    bool spawnFailed;
    FailureOr<int64_t> id =
        pool.start(WorkerSlot::builder(b), "", request, why, spawnFailed);
    if (failed(id)) {
      MeasureOutput out;
      out.error = MeasureError::Unknown;
      out.message = "cannot start a builder: " + why;
      finish(index, std::move(out));
      continue;
    }
    m.activeBuilds[b] =
        LocalMeasurer::Active{index, *id, Clock::now(), 0, request.objectPath};
  }
}

/// Hands out a run; returns false when the candidate was finished without
/// one (skipped, or the runner could not take it).
bool MeasureLoop::startRun() {
  Built built = std::move(runQueue.front());
  runQueue.pop_front();
  // The reference outputs come first, in a job of their own: a candidate's
  // run never waits for the reference. One cut by the time budget leaves
  // the candidate unmeasured, never unchecked.
  if (checking && !m.ensureReferenceOutputs(task, warn)) {
    if (!task.referenceFailed) {
      deleteObject(built.object);
      finish(built.index, skippedOutput());
      return false;
    }
    checking = false; // warned: the task's candidates are not checked
  }
  // Check the first valid candidate, then every new best (or all).
  std::optional<double> verifyBelow;
  if (checking)
    verifyBelow = task.haveValid && !m.options.verifyAll
                      ? task.bestSeconds
                      : std::numeric_limits<double>::infinity();
  RunRequest request = m.makeRunRequest(task, built.object, built.outcome,
                                        m.options.timing, verifyBelow);
  std::string why;
  bool spawnFailed;
  FailureOr<int64_t> id =
      pool.start(WorkerSlot::runner(), "", request, why, spawnFailed);
  if (failed(id)) {
    deleteObject(built.object);
    MeasureOutput out;
    out.error = MeasureError::Unknown;
    out.message = "cannot start the runner: " + why;
    finish(built.index, std::move(out));
    return false;
  }
  unsigned busy =
      llvm::count_if(m.activeBuilds, [](auto &a) { return a.has_value(); });
  if (busy + m.options.threads > m.cpus)
    m.pauseBuilders();
  activeRun =
      LocalMeasurer::Active{built.index, *id, Clock::now(), 0, built.object};
  buildSeconds[built.index] = built.outcome.seconds;
  buildResources[built.index] = built.outcome.resources;
  return true;
}

/// Waits for an answer or the nearest deadline, and takes the answers.
void MeasureLoop::waitAndCollect() {
  SmallVector<WorkerSlot> slots;
  double wait = 0.5;
  double timeout = m.options.timeoutSeconds;
  auto now = Clock::now();
  bool paused = pool.areBuildersPaused();
  for (unsigned b = 0; b < pool.getNumBuilders(); ++b) {
    std::optional<LocalMeasurer::Active> &active = m.activeBuilds[b];
    if (!active || !pool.find(WorkerSlot::builder(b)))
      continue;
    slots.push_back(WorkerSlot::builder(b));
    if (!paused)
      wait = std::min(wait, timeout - (secondsBetween(active->start, now) -
                                       active->paused));
  }
  bool running = activeRun && pool.find(WorkerSlot::runner());
  if (running) {
    slots.push_back(WorkerSlot::runner());
    wait = std::min(wait, timeout - secondsBetween(activeRun->start, now));
  }
  if (slots.empty())
    return;
  SmallVector<bool> alive;
  pool.wait(slots, wait, alive);
  now = Clock::now();
  for (auto [slot, isAlive] : llvm::zip(slots, alive))
    if (!slot.isRunner)
      collectBuild(slot.index, isAlive, now);
  if (running)
    collectRun(alive.back(), now);
}

/// Takes builder `b`'s answer, or gives up on it when it died or hung.
void MeasureLoop::collectBuild(unsigned b, bool alive, Clock::time_point now) {
  WorkerSlot slot = WorkerSlot::builder(b);
  LocalMeasurer::Active &active = *m.activeBuilds[b];
  if (auto reply = pool.take<BuildOutcome>(slot, active.id)) {
    BuildOutcome outcome = reply->outcome;
    if (reply->end != CallEnd::Answered) {
      outcome.error = MeasureError::Unknown;
      outcome.message = "malformed answer from a builder";
    }
    size_t index = active.index;
    std::string object = active.object;
    m.activeBuilds[b].reset();
    if (outcome.error == MeasureError::None) {
      runQueue.push_back(Built{index, object, std::move(outcome)});
      return;
    }
    deleteObject(object);
    MeasureOutput out;
    out.error = outcome.error;
    out.message = outcome.message;
    out.buildSeconds = outcome.seconds;
    out.resources = outcome.resources;
    finish(index, std::move(out));
    return;
  }
  double activeSeconds = secondsBetween(active.start, now) - active.paused;
  double timeout = m.options.timeoutSeconds;
  if (alive && (pool.areBuildersPaused() || activeSeconds <= timeout))
    return;
  WorkerProcess *builder = pool.find(slot);
  MeasureOutput out;
  if (!alive) {
    out.error = MeasureError::CompileHost;
    out.message = "the builder died: " + builder->describeExit();
  } else {
    builder->kill();
    out.error = MeasureError::BuildTimeout;
    out.message =
        llvm::formatv("building took longer than {0:f1} s", timeout).str();
  }
  out.buildSeconds = activeSeconds;
  size_t index = active.index;
  deleteObject(active.object);
  m.activeBuilds[b].reset();
  pool.reset(slot);
  finish(index, std::move(out));
}

/// Takes the runner's answer, or gives up on it when it died or hung.
void MeasureLoop::collectRun(bool alive, Clock::time_point now) {
  WorkerSlot slot = WorkerSlot::runner();
  std::optional<Reply<RunOutcome>> reply =
      pool.take<RunOutcome>(slot, activeRun->id);
  double elapsed = secondsBetween(activeRun->start, now);
  double runLimit = m.options.timeoutSeconds;
  if (!reply && alive && elapsed <= runLimit)
    return;
  MeasureOutput out;
  out.buildSeconds = buildSeconds[activeRun->index];
  out.resources = buildResources[activeRun->index];
  out.runSeconds = elapsed;
  if (reply) {
    RunOutcome &outcome = reply->outcome;
    if (reply->end != CallEnd::Answered) {
      outcome.error = MeasureError::Unknown;
      outcome.message = "malformed answer from the runner";
    }
    out.error = outcome.error;
    out.message = outcome.message;
    out.verified = outcome.verified;
    if (outcome.error == MeasureError::None)
      out.seconds = outcome.seconds;
  } else {
    WorkerProcess *runner = pool.find(slot);
    if (!alive) {
      out.error = MeasureError::RuntimeDevice;
      out.message = "the kernel crashed the runner: " + runner->describeExit();
    } else {
      runner->kill();
      out.error = MeasureError::RunTimeout;
      out.message =
          llvm::formatv("running took longer than {0:f1} s", runLimit).str();
    }
    pool.reset(slot);
  }
  if (!out.seconds.empty()) {
    double median = tuner::median(out.seconds);
    if (out.verified || !checking) {
      task.bestSeconds = std::min(task.bestSeconds, median);
      task.haveValid = true;
    }
  }
  deleteObject(activeRun->object);
  size_t index = activeRun->index;
  activeRun.reset();
  m.resumeBuilders();
  finish(index, std::move(out));
}

void LocalMeasurer::measure(MeasureTask &task, ArrayRef<MeasureInput> inputs,
                            const MeasureDoneFn &done,
                            const MeasureWarnFn &warn) {
  if (options.verify && task.referenceObject.empty() && !task.referenceFailed)
    buildReference(task, warn);
  bool checking = options.verify && !task.referenceFailed;
  // The time budget ran out before the reference was there: nothing runs.
  if (Clock::now() >= task.deadline ||
      (checking && task.referenceObject.empty())) {
    for (size_t i = 0; i < inputs.size(); ++i)
      done(i, skippedOutput());
    return;
  }
  MeasureLoop(*this, task, inputs, done, warn).run();
  resumeBuilders();
}
