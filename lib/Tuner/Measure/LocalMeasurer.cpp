//===- LocalMeasurer.cpp - the measurer of this machine -------------------===//
//
// The local measurer on top of its worker pool: the task's reference (built
// on a builder, its outputs computed on the runner with the builders paused),
// retiming (build each input, then run them interleaved), and featurizing in
// chunks over the builders. measure()'s event loop is in MeasureLoop.cpp.
//
//===----------------------------------------------------------------------===//

#include "LocalMeasurer.h"

#include "Tuner/Tuner/Measure/WorkDirectory.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <limits>
#include <sched.h>
#include <thread>

using namespace mlir;
using namespace mlir::tuner;
using namespace mlir::tuner::detail;

double mlir::tuner::detail::secondsLeft(Clock::time_point deadline) {
  if (deadline == Clock::time_point::max())
    return std::numeric_limits<double>::max();
  return std::max(0.1, secondsBetween(Clock::now(), deadline) +
                           kDeadlineGraceSeconds);
}

MeasureOutput mlir::tuner::detail::skippedOutput() {
  MeasureOutput out;
  out.skipped = true;
  out.message = "not measured: the time budget ran out";
  return out;
}

namespace {
unsigned getAvailableCPUs() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) == 0)
    return std::max(1, CPU_COUNT(&set));
  return std::max(1u, std::thread::hardware_concurrency());
}

/// The error and message of a job that came back without an outcome
/// (`limit`: the seconds it had).
template <typename Outcome>
Outcome failedOutcome(const Reply<Outcome> &reply, bool runner, double limit) {
  Outcome outcome;
  outcome.error = MeasureError::Unknown;
  switch (reply.end) {
  case CallEnd::Answered:
    return reply.outcome;
  case CallEnd::Malformed:
    outcome.message = runner ? "malformed answer from the runner"
                             : "malformed answer from a builder";
    break;
  case CallEnd::NotStarted:
    outcome.message =
        (runner ? "cannot start the runner: " : "cannot start a builder: ") +
        reply.why;
    break;
  case CallEnd::NotSent:
    outcome.message = reply.why;
    break;
  case CallEnd::Died:
    outcome.error =
        runner ? MeasureError::RuntimeDevice : MeasureError::CompileHost;
    outcome.message =
        (runner ? "the kernel crashed the runner: " : "the builder died: ") +
        reply.why;
    break;
  case CallEnd::TimedOut:
    outcome.error =
        runner ? MeasureError::RunTimeout : MeasureError::BuildTimeout;
    outcome.message = llvm::formatv("{0} took longer than {1:f1} s",
                                    runner ? "running" : "building", limit)
                          .str();
    break;
  }
  return outcome;
}
} // namespace

LocalMeasurer::LocalMeasurer(const MeasurerOptions &options,
                             std::string workDir)
    : options(options), workDir(std::move(workDir)), cpus(getAvailableCPUs()) {
  WorkerPool::Options o;
  o.executable = options.workerExecutable;
  o.builders = options.builders;
  o.memoryLimitBytes = options.memoryLimitBytes;
  o.gpu = options.gpu;
  o.threads = options.threads;
  o.logDirectory = this->workDir;
  o.onRunnerStart = [this] { runnerHasReference.clear(); };
  pool = std::make_unique<WorkerPool>(std::move(o));
  removeWorkDirectoryOnInterrupt(this->workDir);
}

LocalMeasurer::~LocalMeasurer() {
  pool.reset();
  keepWorkDirectoryOnInterrupt(workDir);
  llvm::sys::fs::remove_directories(workDir);
}

std::string LocalMeasurer::path(StringRef name) const {
  SmallString<256> p(workDir);
  llvm::sys::path::append(p, name);
  return std::string(p);
}

std::string LocalMeasurer::newObjectPath(StringRef prefix) {
  return path(prefix.str() + "-" + std::to_string(nextObject++) + ".o");
}

void LocalMeasurer::pauseBuilders() { pool->pauseBuilders(); }

void LocalMeasurer::resumeBuilders() {
  if (!pool->areBuildersPaused())
    return;
  double seconds = pool->resumeBuilders();
  for (std::optional<Active> &a : activeBuilds)
    if (a)
      a->paused += seconds;
}

BuildRequest LocalMeasurer::makeBuildRequest(MeasureTask &task,
                                             const MeasureInput &input,
                                             std::string objectPath) const {
  BuildRequest request;
  request.module = task.module;
  request.target = task.target;
  llvm::raw_string_ostream(request.config) << input.config;
  request.objectPath = std::move(objectPath);
  return request;
}

RunRequest LocalMeasurer::makeRunRequest(
    MeasureTask &task, StringRef object, const BuildOutcome &build,
    const TimingOptions &timing, std::optional<double> verifyBelow) const {
  RunRequest request;
  request.objectPath = object.str();
  request.entry = build.entry;
  request.signature = build.signature;
  request.taskKey = task.key;
  request.seed = options.seed;
  request.timing = timing;
  request.tolerance = options.tolerance;
  request.verifyBelow = verifyBelow.value_or(0);
  if (verifyBelow) {
    request.referencePath = task.referenceObject;
    request.referenceEntry = task.referenceEntry;
  }
  return request;
}

//===----------------------------------------------------------------------===//
// The reference
//===----------------------------------------------------------------------===//

void LocalMeasurer::buildReference(MeasureTask &task,
                                   const MeasureWarnFn &warn) {
  BuildRequest request;
  request.module = task.module;
  request.target = task.target;
  request.objectPath = path("reference-" + task.key + ".o");
  double limit =
      std::min(options.referenceTimeoutSeconds, secondsLeft(task.deadline));
  Reply<BuildOutcome> reply = pool->call<BuildRequest, BuildOutcome>(
      WorkerSlot::builder(0), "", request, limit);
  std::string error = reply.why;
  if (reply.end == CallEnd::Answered) {
    if (reply.outcome.error == MeasureError::None) {
      task.referenceObject = request.objectPath;
      task.referenceEntry = reply.outcome.entry;
      referenceSignatures[task.key] = std::move(reply.outcome.signature);
      return;
    }
    error = reply.outcome.message;
  }
  if (reply.end == CallEnd::Died || reply.end == CallEnd::TimedOut) {
    // Cut by the time budget: the reference did not fail, it is not
    // there (the candidates are skipped, never run unchecked).
    if (Clock::now() >= task.deadline)
      return;
    error = llvm::formatv("no answer within reference-timeout ({0:f1} s): "
                          "builder {1}",
                          options.referenceTimeoutSeconds, reply.why)
                .str();
  }
  if (error.empty())
    error = "malformed answer";
  task.referenceFailed = true;
  warn("cannot build the reference of task '" + task.name + "' (" + error +
       "): its candidates are not checked");
}

bool LocalMeasurer::ensureReferenceOutputs(MeasureTask &task,
                                           const MeasureWarnFn &warn) {
  if (task.referenceFailed || task.referenceObject.empty())
    return false;
  std::string error;
  WorkerProcess *run = pool->get(WorkerSlot::runner(), error);
  if (run && runnerHasReference.contains(task.key))
    return true;
  RunRequest request;
  request.signature = referenceSignatures[task.key];
  request.taskKey = task.key;
  request.referencePath = task.referenceObject;
  request.referenceEntry = task.referenceEntry;
  request.seed = options.seed;
  RunOutcome outcome;
  if (run) {
    // The reference may be much slower than any candidate (a naive
    // lowering); the builders pause so that its time, reported as the
    // untuned time, is not disturbed.
    pauseBuilders();
    double seconds = 0;
    outcome = runOne(
        request, "reference",
        std::min(options.referenceTimeoutSeconds, secondsLeft(task.deadline)),
        seconds);
    resumeBuilders();
    // Cut by the time budget: not a failure of the reference.
    if (outcome.error == MeasureError::RunTimeout &&
        Clock::now() >= task.deadline)
      return false;
  } else {
    outcome.error = MeasureError::Unknown;
    outcome.message = "cannot start the runner: " + error;
  }
  if (outcome.error != MeasureError::None) {
    task.referenceFailed = true;
    warn("cannot compute the reference outputs of task '" + task.name + "' (" +
         outcome.message + "): its candidates are not checked");
    return false;
  }
  if (outcome.referenceSeconds > 0)
    task.untunedSeconds = outcome.referenceSeconds;
  runnerHasReference.insert(task.key);
  return true;
}

//===----------------------------------------------------------------------===//
// One job at a time
//===----------------------------------------------------------------------===//

RunOutcome LocalMeasurer::runOne(const RunRequest &request, StringRef kind,
                                 double limit, double &seconds) {
  Reply<RunOutcome> reply = pool->call<RunRequest, RunOutcome>(
      WorkerSlot::runner(), kind, request, limit);
  seconds = reply.seconds;
  return failedOutcome(reply, /*runner=*/true, limit);
}

BuildOutcome LocalMeasurer::buildOne(MeasureTask &task,
                                     const MeasureInput &input,
                                     StringRef objectPath) {
  Reply<BuildOutcome> reply = pool->call<BuildRequest, BuildOutcome>(
      WorkerSlot::builder(0), "",
      makeBuildRequest(task, input, objectPath.str()), options.timeoutSeconds);
  return failedOutcome(reply, /*runner=*/false, options.timeoutSeconds);
}

void LocalMeasurer::retime(MeasureTask &task, ArrayRef<MeasureInput> inputs,
                           unsigned rounds, const TimingOptions &timing,
                           bool verify, const MeasureDoneFn &done,
                           const MeasureWarnFn &warn) {
  std::vector<MeasureOutput> outputs(inputs.size());
  std::vector<BuildOutcome> builds(inputs.size());
  std::vector<std::string> objects(inputs.size());
  // Build every input first (one builder: the builds are few).
  for (auto [i, input] : llvm::enumerate(inputs)) {
    objects[i] = newObjectPath("validate");
    builds[i] = buildOne(task, input, objects[i]);
    outputs[i].buildSeconds = builds[i].seconds;
    outputs[i].resources = builds[i].resources;
    if (builds[i].error != MeasureError::None) {
      outputs[i].error = builds[i].error;
      outputs[i].message = builds[i].message;
    }
  }
  bool checking = verify && options.verify && !task.referenceFailed;
  if (checking && task.referenceObject.empty())
    buildReference(task, warn);
  // Then run them interleaved: round r runs input 0, 1, ..., n-1 once each.
  for (unsigned round = 0; round < rounds; ++round) {
    for (auto [i, input] : llvm::enumerate(inputs)) {
      MeasureOutput &out = outputs[i];
      if (out.error != MeasureError::None)
        continue;
      bool check = checking && round == 0;
      if (check)
        check = ensureReferenceOutputs(task, warn);
      double seconds = 0;
      RunOutcome outcome = runOne(
          makeRunRequest(task, objects[i], builds[i], timing,
                         check ? std::optional<double>(
                                     std::numeric_limits<double>::infinity())
                               : std::nullopt),
          "", options.timeoutSeconds, seconds);
      out.runSeconds += seconds;
      if (outcome.error != MeasureError::None) {
        out.error = outcome.error;
        out.message = outcome.message;
        out.seconds.clear();
        continue;
      }
      out.verified |= outcome.verified;
      llvm::append_range(out.seconds, outcome.seconds);
    }
  }
  for (auto [i, out] : llvm::enumerate(outputs)) {
    if (!objects[i].empty())
      llvm::sys::fs::remove(objects[i]);
    done(i, std::move(out));
  }
}

//===----------------------------------------------------------------------===//
// Jobs of other components on the builders
//===----------------------------------------------------------------------===//

namespace {
/// An answer taken as it is (WorkerPool::take reads outcomes through
/// fromJSON).
struct AnyAnswer {
  llvm::json::Value value = nullptr;
};
[[maybe_unused]] bool fromJSON(const llvm::json::Value &v, AnyAnswer &a) {
  a.value = v;
  return true;
}
} // namespace

std::vector<BuilderJobResult>
LocalMeasurer::runOnBuilders(StringRef kind, ArrayRef<llvm::json::Value> jobs) {
  // One job per free builder at a time: a builder that crashes or hangs on
  // a job costs that job only (and is started again for the next).
  unsigned numBuilders = pool->getNumBuilders();
  std::vector<BuilderJobResult> results(jobs.size());
  struct Running {
    size_t job;
    Clock::time_point start;
    int64_t id;
  };
  std::vector<std::optional<Running>> running(numBuilders);
  size_t next = 0;
  auto lose = [&](unsigned b, std::string why) {
    results[running[b]->job].why = std::move(why);
    running[b].reset();
    pool->reset(WorkerSlot::builder(b));
  };
  while (next < jobs.size() ||
         llvm::any_of(running, [](auto &r) { return r; })) {
    for (unsigned b = 0; b < numBuilders && next < jobs.size(); ++b) {
      if (running[b])
        continue;
      std::string why;
      bool spawnFailed;
      FailureOr<int64_t> id = pool->start(WorkerSlot::builder(b), kind,
                                          jobs[next], why, spawnFailed);
      running[b] = Running{next++, Clock::now(), succeeded(id) ? *id : -1};
      if (failed(id))
        lose(b, why);
    }
    SmallVector<WorkerSlot> slots;
    double wait = 0.5;
    auto now = Clock::now();
    for (unsigned b = 0; b < numBuilders; ++b) {
      if (!running[b] || !pool->find(WorkerSlot::builder(b)))
        continue;
      slots.push_back(WorkerSlot::builder(b));
      wait = std::min(wait, options.timeoutSeconds -
                                secondsBetween(running[b]->start, now));
    }
    if (slots.empty())
      continue;
    SmallVector<bool> alive;
    pool->wait(slots, wait, alive);
    now = Clock::now();
    for (auto [slot, isAlive] : llvm::zip(slots, alive)) {
      unsigned b = slot.index;
      if (auto reply = pool->take<AnyAnswer>(slot, running[b]->id)) {
        if (reply->end == CallEnd::Answered)
          results[running[b]->job].answer = std::move(reply->outcome.value);
        else
          results[running[b]->job].why = "a malformed answer from a builder";
        running[b].reset();
        continue;
      }
      if (!isAlive)
        lose(b, "the builder died: " + pool->find(slot)->describeExit());
      else if (secondsBetween(running[b]->start, now) >
               options.timeoutSeconds) {
        pool->find(slot)->kill();
        lose(b, llvm::formatv("the job took longer than {0:f1} s",
                              options.timeoutSeconds)
                    .str());
      }
    }
  }
  return results;
}

FailureOr<std::unique_ptr<Measurer>>
mlir::tuner::createLocalMeasurer(const MeasurerOptions &options,
                                 std::string &error) {
  if (options.workerExecutable.empty() ||
      !llvm::sys::fs::can_execute(options.workerExecutable)) {
    error = "worker executable '" + options.workerExecutable +
            "' does not exist or is not executable";
    return failure();
  }
  SmallString<128> dir;
  if (std::error_code ec =
          llvm::sys::fs::createUniqueDirectory("mlir-tuner", dir)) {
    error = "cannot create a work directory: " + ec.message();
    return failure();
  }
  return std::unique_ptr<Measurer>(
      new LocalMeasurer(options, std::string(dir)));
}
