//===- Measurer.cpp - measuring candidates --------------------------------===//
//
// The local measurer's event loop: builds go to `builders` worker processes,
// finished builds queue for the single runner, and every job has a
// deadline. A worker that crashes or misses its deadline is killed and
// replaced; the candidate it held gets an error code. While the runner times
// a kernel, builders are paused (SIGSTOP) if together they would need more
// CPUs than the machine has, so that timings are not disturbed. The task's
// reference is built, and its outputs computed in the runner, in jobs of
// their own with their own deadline (`referenceTimeoutSeconds`), before the
// first candidate that needs a check runs.
//
// Also the registry of measurers (`real` is this one).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Measure/Measurer.h"

#include "Tuner/Support/Median.h"
#include "Tuner/Tuner/CostModel/Features.h"

#include "Tuner/Tuner/Measure/Jobs.h"
#include "Tuner/Tuner/Measure/WorkDirectory.h"
#include "Tuner/Tuner/Measure/Worker.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <deque>
#include <mutex>
#include <poll.h>
#include <sched.h>
#include <thread>

using namespace mlir;
using namespace mlir::tuner;

Measurer::~Measurer() = default;

namespace {
using Clock = std::chrono::steady_clock;

double secondsBetween(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

/// Seconds a job may run on past the time budget before it is killed.
constexpr double kDeadlineGraceSeconds = 2;

/// Seconds from now to `deadline` plus the grace, at least 0.1 (the
/// largest double when there is no deadline).
double secondsLeft(Clock::time_point deadline) {
  if (deadline == Clock::time_point::max())
    return std::numeric_limits<double>::max();
  return std::max(0.1, secondsBetween(Clock::now(), deadline) +
                           kDeadlineGraceSeconds);
}

/// What a candidate not measured before the deadline comes back as.
MeasureOutput skippedOutput() {
  MeasureOutput out;
  out.skipped = true;
  out.message = "not measured: the time budget ran out";
  return out;
}

/// A worker's answer to a job: the "result" member of its line, none when
/// the line is malformed (not JSON, or no result).
struct Answer {
  std::optional<llvm::json::Value> result;
};

/// The next answer of `worker` that may be for job `id`: every answer carries
/// the id of its job, and a line answering another one (left over from a job
/// given up on) is dropped rather than taken for this job's answer. A
/// malformed line is returned as an answer without a result, for the caller
/// to report.
std::optional<Answer> popAnswer(WorkerProcess &worker, int64_t id) {
  while (std::optional<std::string> line = worker.popLine()) {
    llvm::Expected<llvm::json::Value> v = llvm::json::parse(*line);
    if (!v) {
      llvm::consumeError(v.takeError());
      return Answer();
    }
    llvm::json::Object *o = v->getAsObject();
    std::optional<int64_t> answered = o ? o->getInteger("id") : std::nullopt;
    if (answered && *answered != id) {
      llvm::errs() << "mlir-tuner: dropped a worker's answer to job "
                   << *answered << " (waiting for job " << id << ")\n";
      continue;
    }
    Answer answer;
    if (llvm::json::Value *result = o ? o->get("result") : nullptr)
      answer.result = std::move(*result);
    return answer;
  }
  return std::nullopt;
}

unsigned getAvailableCPUs() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) == 0)
    return std::max(1, CPU_COUNT(&set));
  return std::max(1u, std::thread::hardware_concurrency());
}

//===----------------------------------------------------------------------===//
// Local measurer
//===----------------------------------------------------------------------===//

class LocalMeasurer : public Measurer {
public:
  LocalMeasurer(const MeasurerOptions &options, std::string workDir)
      : options(options), workDir(std::move(workDir)),
        cpus(getAvailableCPUs()) {
    builders.resize(std::max(1u, options.builders));
    removeWorkDirectoryOnInterrupt(this->workDir);
  }

  ~LocalMeasurer() override {
    builders.clear();
    runner.reset();
    keepWorkDirectoryOnInterrupt(workDir);
    llvm::sys::fs::remove_directories(workDir);
  }

  void measure(MeasureTask &task, ArrayRef<MeasureInput> inputs,
               const MeasureDoneFn &done, const MeasureWarnFn &warn) override;

  void retime(MeasureTask &task, ArrayRef<MeasureInput> inputs, unsigned rounds,
              const TimingOptions &timing, bool verify,
              const MeasureDoneFn &done, const MeasureWarnFn &warn) override;

  std::vector<FeatureVector> featurize(MeasureTask &task,
                                       ArrayRef<MeasureInput> inputs,
                                       const MeasureWarnFn &warn) override;
  unsigned getNumFeatures() const override { return tuner::getNumFeatures(); }

private:
  /// A job in flight on a worker.
  struct Active {
    size_t index = 0;
    int64_t id = 0;
    Clock::time_point start;
    /// Seconds the worker spent paused during this job.
    double paused = 0;
    std::string object;
    bool reference = false;
  };

  std::string path(StringRef name) const {
    SmallString<256> p(workDir);
    llvm::sys::path::append(p, name);
    return std::string(p);
  }

  WorkerProcess *getBuilder(unsigned i, std::string &error);
  WorkerProcess *getRunner(std::string &error);
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
  /// Runs one request on the runner, waiting up to `limit` seconds.
  RunOutcome runOne(llvm::json::Object job, double limit, double &seconds);
  void pauseBuilders();
  void resumeBuilders();

  MeasurerOptions options;
  std::string workDir;
  unsigned cpus;
  std::vector<std::unique_ptr<WorkerProcess>> builders;
  std::unique_ptr<WorkerProcess> runner;
  /// Task keys whose reference outputs the current runner has computed.
  llvm::StringSet<> runnerHasReference;
  /// Kernel signature of each task's reference build.
  llvm::StringMap<llvm::json::Object> referenceSignatures;
  int64_t nextId = 0;
  unsigned builderSpawns = 0, runnerSpawns = 0;
  /// Pause bookkeeping of the builders.
  std::vector<std::optional<Active>> activeBuilds;
  Clock::time_point pausedAt;
  bool paused = false;
};

WorkerProcess *LocalMeasurer::getBuilder(unsigned i, std::string &error) {
  if (builders[i])
    return builders[i].get();
  WorkerProcess::Options o;
  o.executable = options.workerExecutable;
  o.kind = "builder";
  // One log per process: the tail of a dead worker's log says why it died.
  o.logPath = path("builder-" + std::to_string(i) + "-" +
                   std::to_string(builderSpawns) + ".log");
  o.memoryLimitBytes = options.memoryLimitBytes;
  ++builderSpawns;
  auto worker = WorkerProcess::spawn(o, 60, error);
  if (failed(worker))
    return nullptr;
  builders[i] = std::move(*worker);
  return builders[i].get();
}

WorkerProcess *LocalMeasurer::getRunner(std::string &error) {
  if (runner)
    return runner.get();
  WorkerProcess::Options o;
  o.executable = options.workerExecutable;
  o.kind = "runner";
  o.logPath = path("runner-" + std::to_string(runnerSpawns) + ".log");
  o.memoryLimitBytes = options.gpu ? 0 : options.memoryLimitBytes;
  o.environment.push_back("OMP_NUM_THREADS=" +
                          std::to_string(std::max(1u, options.threads)));
  ++runnerSpawns;
  auto worker = WorkerProcess::spawn(o, 60, error);
  if (failed(worker))
    return nullptr;
  runner = std::move(*worker);
  runnerHasReference.clear();
  return runner.get();
}

void LocalMeasurer::pauseBuilders() {
  if (paused)
    return;
  paused = true;
  pausedAt = Clock::now();
  for (auto &b : builders)
    if (b)
      b->stop();
}

void LocalMeasurer::resumeBuilders() {
  if (!paused)
    return;
  paused = false;
  double seconds = secondsBetween(pausedAt, Clock::now());
  for (std::optional<Active> &a : activeBuilds)
    if (a)
      a->paused += seconds;
  for (auto &b : builders)
    if (b)
      b->resume();
}

std::vector<FeatureVector>
LocalMeasurer::featurize(MeasureTask &task, ArrayRef<MeasureInput> inputs,
                         const MeasureWarnFn &warn) {
  // Chunks over the builders, a few dozen candidates each: a builder that
  // crashes or hangs on one candidate costs its chunk's features only.
  std::vector<FeatureVector> result(inputs.size());
  size_t perChunk = std::clamp<size_t>(
      (inputs.size() + builders.size() - 1) / builders.size(), 1, 32);
  std::deque<std::pair<size_t, size_t>> chunks; // [begin, end)
  for (size_t b = 0; b < inputs.size(); b += perChunk)
    chunks.push_back({b, std::min(inputs.size(), b + perChunk)});
  struct Job {
    size_t begin, end;
    Clock::time_point start;
    int64_t id;
  };
  std::vector<std::optional<Job>> jobs(builders.size());
  unsigned lost = 0;
  std::string lostWhy;
  auto fail = [&](unsigned b, StringRef why) {
    lost += jobs[b]->end - jobs[b]->begin;
    lostWhy = why.str();
    jobs[b].reset();
    builders[b].reset();
  };
  while (!chunks.empty() || llvm::any_of(jobs, [](auto &j) { return j; })) {
    for (unsigned b = 0; b < builders.size() && !chunks.empty(); ++b) {
      if (jobs[b])
        continue;
      auto [begin, end] = chunks.front();
      chunks.pop_front();
      FeatureRequest request{task.module, task.target, {}};
      for (size_t i = begin; i < end; ++i)
        llvm::raw_string_ostream(request.configs.emplace_back())
            << inputs[i].config;
      std::string error;
      WorkerProcess *builder = getBuilder(b, error);
      int64_t id = nextId++;
      jobs[b] = Job{begin, end, Clock::now(), id};
      if (!builder ||
          failed(builder->send(llvm::json::Object{
              {"id", id}, {"kind", "features"}, {"job", toJSON(request)}})))
        fail(b, builder ? "builder " + builder->describeExit() : error);
    }
    SmallVector<struct pollfd> fds;
    SmallVector<unsigned> owners;
    double wait = 0.5;
    auto now = Clock::now();
    for (unsigned b = 0; b < builders.size(); ++b) {
      if (!jobs[b] || !builders[b])
        continue;
      fds.push_back({builders[b]->getOutputFd(), POLLIN, 0});
      owners.push_back(b);
      wait = std::min(wait, options.timeoutSeconds -
                                secondsBetween(jobs[b]->start, now));
    }
    if (fds.empty())
      continue;
    poll(fds.data(), fds.size(),
         static_cast<int>(std::max(0.0, wait) * 1000) + 1);
    now = Clock::now();
    for (auto [pfd, b] : llvm::zip(fds, owners)) {
      WorkerProcess *builder = builders[b].get();
      bool alive = true;
      if (pfd.revents)
        alive = builder->readAvailable();
      if (std::optional<Answer> answer = popAnswer(*builder, jobs[b]->id)) {
        FeatureOutcome outcome;
        Job job = *jobs[b];
        jobs[b].reset();
        if (answer->result && fromJSON(*answer->result, outcome) &&
            outcome.features.size() == job.end - job.begin) {
          for (size_t i = job.begin; i < job.end; ++i)
            result[i] = std::move(outcome.features[i - job.begin]);
        } else {
          lost += job.end - job.begin;
          lostWhy = "malformed answer from a builder";
        }
        continue;
      }
      if (!alive)
        fail(b, "the builder died: " + builder->describeExit());
      else if (secondsBetween(jobs[b]->start, now) > options.timeoutSeconds) {
        builder->kill();
        fail(b, llvm::formatv("featurizing took longer than {0:f1} s",
                              options.timeoutSeconds)
                    .str());
      }
    }
  }
  if (lost)
    warn(llvm::formatv("{0} candidates of task '{1}' could not be featurized "
                       "({2}); the cost model ranks them last",
                       lost, task.name, lostWhy)
             .str());
  return result;
}

void LocalMeasurer::buildReference(MeasureTask &task,
                                   const MeasureWarnFn &warn) {
  std::string error;
  WorkerProcess *builder = getBuilder(0, error);
  BuildRequest request;
  request.module = task.module;
  request.target = task.target;
  request.objectPath = path("reference-" + task.key + ".o");
  BuildOutcome outcome;
  bool ok = false;
  double limit =
      std::min(options.referenceTimeoutSeconds, secondsLeft(task.deadline));
  if (builder && succeeded(builder->send(llvm::json::Object{
                     {"id", nextId++}, {"job", toJSON(request)}}))) {
    if (std::optional<std::string> line = builder->receive(limit)) {
      llvm::Expected<llvm::json::Value> v = llvm::json::parse(*line);
      const llvm::json::Object *o = v ? v->getAsObject() : nullptr;
      const llvm::json::Value *result = o ? o->get("result") : nullptr;
      ok = result && fromJSON(*result, outcome) &&
           outcome.error == MeasureError::None;
      if (!v)
        llvm::consumeError(v.takeError());
      if (!ok && outcome.message.empty())
        error = "malformed answer";
      else if (!ok)
        error = outcome.message;
    } else {
      builder->kill();
      std::string how = builder->describeExit();
      builders[0].reset();
      // Cut by the time budget: the reference did not fail, it is not
      // there (the candidates are skipped, never run unchecked).
      if (Clock::now() >= task.deadline)
        return;
      error = llvm::formatv("no answer within reference-timeout ({0:f1} s): "
                            "builder {1}",
                            options.referenceTimeoutSeconds, how)
                  .str();
    }
  }
  if (!ok) {
    task.referenceFailed = true;
    warn("cannot build the reference of task '" + task.name + "' (" + error +
         "): its candidates are not checked");
    return;
  }
  task.referenceObject = request.objectPath;
  task.referenceEntry = outcome.entry;
  referenceSignatures[task.key] = std::move(outcome.signature);
}

bool LocalMeasurer::ensureReferenceOutputs(MeasureTask &task,
                                           const MeasureWarnFn &warn) {
  if (task.referenceFailed || task.referenceObject.empty())
    return false;
  std::string error;
  WorkerProcess *run = getRunner(error);
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
        llvm::json::Object{
            {"id", nextId++}, {"kind", "reference"}, {"job", toJSON(request)}},
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

RunOutcome LocalMeasurer::runOne(llvm::json::Object job, double limit,
                                 double &seconds) {
  RunOutcome outcome;
  std::string error;
  WorkerProcess *run = getRunner(error);
  auto start = Clock::now();
  if (!run || failed(run->send(llvm::json::Value(std::move(job))))) {
    outcome.error = MeasureError::Unknown;
    outcome.message = run ? "runner " + run->describeExit()
                          : "cannot start the runner: " + error;
    runner.reset();
    return outcome;
  }
  std::optional<std::string> line = run->receive(limit);
  seconds = secondsBetween(start, Clock::now());
  if (!line) {
    bool hung = seconds >= limit;
    if (hung)
      run->kill();
    outcome.error =
        hung ? MeasureError::RunTimeout : MeasureError::RuntimeDevice;
    outcome.message =
        hung ? llvm::formatv("running took longer than {0:f1} s", limit).str()
             : "the kernel crashed the runner: " + run->describeExit();
    runner.reset();
    return outcome;
  }
  llvm::Expected<llvm::json::Value> v = llvm::json::parse(*line);
  const llvm::json::Object *o = v ? v->getAsObject() : nullptr;
  const llvm::json::Value *result = o ? o->get("result") : nullptr;
  if (!v)
    llvm::consumeError(v.takeError());
  if (!result || !fromJSON(*result, outcome)) {
    outcome = RunOutcome();
    outcome.error = MeasureError::Unknown;
    outcome.message = "malformed answer from the runner";
  }
  return outcome;
}

BuildOutcome LocalMeasurer::buildOne(MeasureTask &task,
                                     const MeasureInput &input,
                                     StringRef objectPath) {
  BuildOutcome outcome;
  std::string error;
  WorkerProcess *builder = getBuilder(0, error);
  BuildRequest request;
  request.module = task.module;
  request.target = task.target;
  llvm::raw_string_ostream(request.config) << input.config;
  request.objectPath = objectPath.str();
  if (!builder || failed(builder->send(llvm::json::Object{
                      {"id", nextId++}, {"job", toJSON(request)}}))) {
    outcome.error = MeasureError::Unknown;
    outcome.message = builder ? "builder " + builder->describeExit()
                              : "cannot start a builder: " + error;
    builders[0].reset();
    return outcome;
  }
  auto start = Clock::now();
  std::optional<std::string> line = builder->receive(options.timeoutSeconds);
  if (!line) {
    bool hung = secondsBetween(start, Clock::now()) >= options.timeoutSeconds;
    if (hung)
      builder->kill();
    outcome.error =
        hung ? MeasureError::BuildTimeout : MeasureError::CompileHost;
    outcome.message = hung ? llvm::formatv("building took longer than {0:f1} s",
                                           options.timeoutSeconds)
                                 .str()
                           : "the builder died: " + builder->describeExit();
    builders[0].reset();
    return outcome;
  }
  llvm::Expected<llvm::json::Value> v = llvm::json::parse(*line);
  const llvm::json::Object *o = v ? v->getAsObject() : nullptr;
  const llvm::json::Value *result = o ? o->get("result") : nullptr;
  if (!v)
    llvm::consumeError(v.takeError());
  if (!result || !fromJSON(*result, outcome)) {
    outcome = BuildOutcome();
    outcome.error = MeasureError::Unknown;
    outcome.message = "malformed answer from a builder";
  }
  return outcome;
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
    objects[i] = path("validate-" + std::to_string(nextId++) + ".o");
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
      RunRequest request;
      request.objectPath = objects[i];
      request.entry = builds[i].entry;
      request.signature = builds[i].signature;
      request.taskKey = task.key;
      request.seed = options.seed;
      request.timing = timing;
      request.tolerance = options.tolerance;
      if (check) {
        request.referencePath = task.referenceObject;
        request.referenceEntry = task.referenceEntry;
        request.verifyBelow = std::numeric_limits<double>::infinity();
      } else {
        request.verifyBelow = 0;
      }
      double seconds = 0;
      RunOutcome outcome =
          runOne(llvm::json::Object{{"id", nextId++}, {"job", toJSON(request)}},
                 options.timeoutSeconds, seconds);
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

  struct Built {
    size_t index;
    std::string object;
    BuildOutcome outcome;
  };
  std::deque<size_t> buildQueue;
  for (size_t i = 0; i < inputs.size(); ++i)
    buildQueue.push_back(i);
  std::deque<Built> runQueue;
  activeBuilds.assign(builders.size(), std::nullopt);
  std::optional<Active> activeRun;
  double verifyBelow = 0;
  size_t remaining = inputs.size();
  // Builds and runs of each candidate, to report in its record.
  std::vector<double> buildSeconds(inputs.size(), 0);
  std::vector<std::optional<cuda::KernelResources>> buildResources(
      inputs.size());

  auto finish = [&](size_t index, MeasureOutput out) {
    --remaining;
    done(index, std::move(out));
  };
  auto deleteObject = [](StringRef object) {
    if (!object.empty())
      llvm::sys::fs::remove(object);
  };

  while (remaining > 0) {
    // Past the time budget: nothing new starts, and what is running gets a
    // grace period before it is killed (below).
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
    if (overdue) {
      for (unsigned b = 0; b < builders.size(); ++b) {
        if (!activeBuilds[b])
          continue;
        deleteObject(activeBuilds[b]->object);
        finish(activeBuilds[b]->index, skippedOutput());
        activeBuilds[b].reset();
        builders[b].reset();
      }
      if (activeRun) {
        deleteObject(activeRun->object);
        finish(activeRun->index, skippedOutput());
        activeRun.reset();
        runner.reset();
        resumeBuilders();
      }
      if (remaining == 0)
        break;
    }
    // Hand out builds, not while the builders are paused: a stopped builder
    // reads no job, and a job larger than the pipe's buffer (a task with
    // big constants) would block here until it resumed, which never comes.
    for (unsigned b = 0; b < builders.size() && !buildQueue.empty() && !paused;
         ++b) {
      if (activeBuilds[b])
        continue;
      size_t index = buildQueue.front();
      buildQueue.pop_front();
      std::string error;
      WorkerProcess *builder = getBuilder(b, error);
      BuildRequest request;
      request.module = task.module;
      request.target = task.target;
      llvm::raw_string_ostream(request.config) << inputs[index].config;
      request.objectPath = path("candidate-" + std::to_string(nextId) + ".o");
      int64_t id = nextId++;
      if (!builder || failed(builder->send(llvm::json::Object{
                          {"id", id}, {"job", toJSON(request)}}))) {
        if (builder)
          error = "builder " + builder->describeExit();
        builders[b].reset();
        MeasureOutput out;
        out.error = MeasureError::Unknown;
        out.message = "cannot start a builder: " + error;
        finish(index, std::move(out));
        continue;
      }
      activeBuilds[b] =
          Active{index, id, Clock::now(), 0, request.objectPath, false};
    }

    // Hand out a run.
    if (!activeRun && !runQueue.empty()) {
      Built built = std::move(runQueue.front());
      runQueue.pop_front();
      // The reference outputs come first, in a job of their own: a
      // candidate's run never waits for the reference. One cut by the time
      // budget leaves the candidate unmeasured, never unchecked.
      if (checking && !ensureReferenceOutputs(task, warn)) {
        if (!task.referenceFailed) {
          deleteObject(built.object);
          finish(built.index, skippedOutput());
          continue;
        }
        checking = false; // warned: the task's candidates are not checked
      }
      std::string error;
      WorkerProcess *run = getRunner(error);
      RunRequest request;
      request.objectPath = built.object;
      request.entry = built.outcome.entry;
      request.signature = built.outcome.signature;
      request.taskKey = task.key;
      request.seed = options.seed;
      request.timing = options.timing;
      request.tolerance = options.tolerance;
      if (checking) {
        request.referencePath = task.referenceObject;
        request.referenceEntry = task.referenceEntry;
        // Check the first valid candidate, then every new best (or all).
        verifyBelow = task.haveValid && !options.verifyAll
                          ? task.bestSeconds
                          : std::numeric_limits<double>::infinity();
        request.verifyBelow = verifyBelow;
      } else {
        request.verifyBelow = 0;
      }
      int64_t id = nextId++;
      if (!run || failed(run->send(llvm::json::Object{
                      {"id", id}, {"job", toJSON(request)}}))) {
        if (run)
          error = "runner " + run->describeExit();
        runner.reset();
        deleteObject(built.object);
        MeasureOutput out;
        out.error = MeasureError::Unknown;
        out.message = "cannot start the runner: " + error;
        finish(built.index, std::move(out));
        continue;
      }
      unsigned busy =
          llvm::count_if(activeBuilds, [](auto &a) { return a.has_value(); });
      if (busy + options.threads > cpus)
        pauseBuilders();
      activeRun = Active{built.index, id, Clock::now(), 0, built.object, false};
      buildSeconds[built.index] = built.outcome.seconds;
      buildResources[built.index] = built.outcome.resources;
    }

    // Wait for an answer or the nearest deadline.
    SmallVector<struct pollfd> fds;
    SmallVector<int> owners; // builder index, or -1 for the runner
    double wait = 0.5;
    auto now = Clock::now();
    for (unsigned b = 0; b < builders.size(); ++b) {
      if (!activeBuilds[b] || !builders[b])
        continue;
      fds.push_back({builders[b]->getOutputFd(), POLLIN, 0});
      owners.push_back(b);
      if (!paused)
        wait = std::min(wait, options.timeoutSeconds -
                                  (secondsBetween(activeBuilds[b]->start, now) -
                                   activeBuilds[b]->paused));
    }
    double runLimit = options.timeoutSeconds;
    if (activeRun && runner) {
      fds.push_back({runner->getOutputFd(), POLLIN, 0});
      owners.push_back(-1);
      wait = std::min(wait, runLimit - secondsBetween(activeRun->start, now));
    }
    if (fds.empty())
      continue;
    poll(fds.data(), fds.size(),
         static_cast<int>(std::max(0.0, wait) * 1000) + 1);
    now = Clock::now();

    // Builders.
    for (auto [pfd, owner] : llvm::zip(fds, owners)) {
      if (owner < 0)
        continue;
      unsigned b = owner;
      WorkerProcess *builder = builders[b].get();
      Active &active = *activeBuilds[b];
      bool alive = true;
      if (pfd.revents)
        alive = builder->readAvailable();
      if (std::optional<Answer> answer = popAnswer(*builder, active.id)) {
        BuildOutcome outcome;
        if (!answer->result || !fromJSON(*answer->result, outcome)) {
          outcome.error = MeasureError::Unknown;
          outcome.message = "malformed answer from a builder";
        }
        size_t index = active.index;
        std::string object = active.object;
        activeBuilds[b].reset();
        if (outcome.error != MeasureError::None) {
          deleteObject(object);
          MeasureOutput out;
          out.error = outcome.error;
          out.message = outcome.message;
          out.buildSeconds = outcome.seconds;
          out.resources = outcome.resources;
          finish(index, std::move(out));
        } else {
          runQueue.push_back(Built{index, object, std::move(outcome)});
        }
        continue;
      }
      double active_s = secondsBetween(active.start, now) - active.paused;
      if (!alive || (!paused && active_s > options.timeoutSeconds)) {
        MeasureOutput out;
        if (!alive) {
          out.error = MeasureError::CompileHost;
          out.message = "the builder died: " + builder->describeExit();
        } else {
          builder->kill();
          out.error = MeasureError::BuildTimeout;
          out.message = llvm::formatv("building took longer than {0:f1} s",
                                      options.timeoutSeconds)
                            .str();
        }
        out.buildSeconds = active_s;
        size_t index = active.index;
        deleteObject(active.object);
        activeBuilds[b].reset();
        builders[b].reset();
        finish(index, std::move(out));
      }
    }

    // The runner.
    if (activeRun && runner) {
      bool alive = true;
      if (fds.back().revents)
        alive = runner->readAvailable();
      std::optional<Answer> answer = popAnswer(*runner, activeRun->id);
      double elapsed = secondsBetween(activeRun->start, now);
      if (answer || !alive || elapsed > runLimit) {
        MeasureOutput out;
        out.buildSeconds = buildSeconds[activeRun->index];
        out.resources = buildResources[activeRun->index];
        out.runSeconds = elapsed;
        if (answer) {
          RunOutcome outcome;
          if (!answer->result || !fromJSON(*answer->result, outcome)) {
            outcome.error = MeasureError::Unknown;
            outcome.message = "malformed answer from the runner";
          }
          out.error = outcome.error;
          out.message = outcome.message;
          out.verified = outcome.verified;
          if (outcome.error == MeasureError::None)
            out.seconds = outcome.seconds;
        } else if (!alive) {
          out.error = MeasureError::RuntimeDevice;
          out.message =
              "the kernel crashed the runner: " + runner->describeExit();
          runner.reset();
        } else {
          runner->kill();
          runner.reset();
          out.error = MeasureError::RunTimeout;
          out.message =
              llvm::formatv("running took longer than {0:f1} s", runLimit)
                  .str();
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
        resumeBuilders();
        finish(index, std::move(out));
      }
    }
  }
  resumeBuilders();
}

} // namespace

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

namespace {
struct MeasurerRegistry {
  std::mutex mutex;
  llvm::StringMap<MeasurerInfo> entries;

  MeasurerRegistry() {
    MeasurerInfo real;
    real.name = "real";
    real.description =
        "build each candidate in a worker process and time it in a runner "
        "process";
    real.factory = createLocalMeasurer;
    entries[real.name] = std::move(real);
  }
};

MeasurerRegistry &getMeasurerRegistry() {
  static MeasurerRegistry registry;
  return registry;
}
} // namespace

void mlir::tuner::registerMeasurer(MeasurerInfo info) {
  MeasurerRegistry &r = getMeasurerRegistry();
  std::lock_guard<std::mutex> lock(r.mutex);
  std::string name = info.name;
  r.entries.try_emplace(name, std::move(info));
}

const MeasurerInfo *mlir::tuner::lookupMeasurer(StringRef name) {
  MeasurerRegistry &r = getMeasurerRegistry();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.entries.find(name);
  // Entries are never removed: the pointer stays valid.
  return it == r.entries.end() ? nullptr : &it->second;
}

std::vector<std::string> mlir::tuner::getMeasurerNames() {
  MeasurerRegistry &r = getMeasurerRegistry();
  std::lock_guard<std::mutex> lock(r.mutex);
  std::vector<std::string> names;
  for (const auto &entry : r.entries)
    names.push_back(entry.getKey().str());
  std::sort(names.begin(), names.end());
  return names;
}
