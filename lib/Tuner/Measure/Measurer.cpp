//===- Measurer.cpp - measuring candidates --------------------------------===//
//
// The local measurer's event loop: builds go to `builders` worker processes,
// finished builds queue for the single runner, and every job has a
// deadline. A worker that crashes or misses its deadline is killed and
// replaced; the candidate it held gets an error code. While the runner times
// a kernel, builders are paused (SIGSTOP) if together they would need more
// CPUs than the machine has, so that timings are not disturbed.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Measure/Measurer.h"

#include "Tuner/Tuner/CostModel/Features.h"

#include "Tuner/Tuner/Measure/Jobs.h"
#include "Tuner/Tuner/Measure/Worker.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <deque>
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

unsigned getAvailableCPUs() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) == 0)
    return std::max(1, CPU_COUNT(&set));
  return std::max(1u, std::thread::hardware_concurrency());
}

uint64_t fnv1a(StringRef text) {
  uint64_t h = 1469598103934665603ull;
  for (char c : text) {
    h ^= static_cast<uint8_t>(c);
    h *= 1099511628211ull;
  }
  return h;
}

//===----------------------------------------------------------------------===//
// Fake measurer
//===----------------------------------------------------------------------===//

/// Errors the fake measurer (and the real test.fault sketch) produce by name.
MeasureError getFaultError(StringRef kind) {
  if (kind == "build_crash" || kind == "build_oom")
    return MeasureError::CompileHost;
  if (kind == "build_hang")
    return MeasureError::BuildTimeout;
  if (kind == "run_crash")
    return MeasureError::RuntimeDevice;
  if (kind == "run_hang")
    return MeasureError::RunTimeout;
  if (kind == "wrong_result")
    return MeasureError::WrongAnswer;
  return MeasureError::None;
}

class FakeMeasurer : public Measurer {
public:
  void measure(MeasureTask &task, ArrayRef<MeasureInput> inputs,
               const std::function<void(size_t, MeasureOutput)> &done,
               const std::function<void(StringRef)> &warn) override {
    for (auto [i, input] : llvm::enumerate(inputs)) {
      MeasureOutput out;
      const SketchInstance &sketch = task.space->getSketch(input.candidate);
      if (sketch.getName() == "test.fault") {
        StringRef kind = KnobValues(sketch.getKnobs(), input.candidate.choice)
                             .getString("kind");
        out.error = getFaultError(kind);
        if (out.error != MeasureError::None) {
          out.message = ("fake measurer: fault '" + kind + "'").str();
          done(i, std::move(out));
          continue;
        }
      }
      double cost = getFakeCost(*task.space, input.candidate, task.key);
      out.seconds = {cost * 0.995, cost, cost * 1.005};
      out.buildSeconds = 0;
      out.runSeconds = 3 * cost;
      if (cost < task.bestSeconds) {
        out.verified = true;
        task.bestSeconds = cost;
      }
      task.haveValid = true;
      done(i, std::move(out));
    }
  }

  unsigned getNumFeatures() const override { return 13; }

  std::vector<FeatureVector>
  featurize(MeasureTask &task, ArrayRef<MeasureInput> inputs,
            const std::function<void(StringRef)> &warn) override {
    std::vector<FeatureVector> result;
    for (const MeasureInput &input : inputs) {
      FeatureVector f(getNumFeatures(), 0);
      f[0] = float(input.candidate.sketch);
      for (auto [k, index] : llvm::enumerate(input.candidate.choice))
        if (k + 1 < f.size())
          f[k + 1] = float(index);
      result.push_back(std::move(f));
    }
    return result;
  }
};

//===----------------------------------------------------------------------===//
// Local measurer
//===----------------------------------------------------------------------===//

class LocalMeasurer : public Measurer {
public:
  LocalMeasurer(const LocalMeasurerOptions &options, std::string workDir)
      : options(options), workDir(std::move(workDir)),
        cpus(getAvailableCPUs()) {
    builders.resize(std::max(1u, options.builders));
  }

  ~LocalMeasurer() override {
    builders.clear();
    runner.reset();
    llvm::sys::fs::remove_directories(workDir);
  }

  void measure(MeasureTask &task, ArrayRef<MeasureInput> inputs,
               const std::function<void(size_t, MeasureOutput)> &done,
               const std::function<void(StringRef)> &warn) override;

  std::vector<FeatureVector>
  featurize(MeasureTask &task, ArrayRef<MeasureInput> inputs,
            const std::function<void(StringRef)> &warn) override;
  unsigned getNumFeatures() const override {
    return tuner::getNumFeatures();
  }

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
  void buildReference(MeasureTask &task,
                      const std::function<void(StringRef)> &warn);
  void pauseBuilders();
  void resumeBuilders();

  LocalMeasurerOptions options;
  std::string workDir;
  unsigned cpus;
  std::vector<std::unique_ptr<WorkerProcess>> builders;
  std::unique_ptr<WorkerProcess> runner;
  /// Task keys whose reference outputs the current runner has computed.
  llvm::StringSet<> runnerHasReference;
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
  o.memoryLimitBytes = options.memoryLimitBytes;
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
                         const std::function<void(StringRef)> &warn) {
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
      jobs[b] = Job{begin, end, Clock::now()};
      if (!builder || failed(builder->send(llvm::json::Object{
                          {"id", nextId++},
                          {"kind", "features"},
                          {"job", toJSON(request)}})))
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
      if (std::optional<std::string> line = builder->popLine()) {
        FeatureOutcome outcome;
        llvm::Expected<llvm::json::Value> v = llvm::json::parse(*line);
        const llvm::json::Object *o = v ? v->getAsObject() : nullptr;
        const llvm::json::Value *answer = o ? o->get("result") : nullptr;
        if (!v)
          llvm::consumeError(v.takeError());
        Job job = *jobs[b];
        jobs[b].reset();
        if (answer && fromJSON(*answer, outcome) &&
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
                                   const std::function<void(StringRef)> &warn) {
  std::string error;
  WorkerProcess *builder = getBuilder(0, error);
  BuildRequest request;
  request.module = task.module;
  request.target = task.target;
  request.objectPath = path("reference-" + task.key + ".o");
  BuildOutcome outcome;
  bool ok = false;
  if (builder && succeeded(builder->send(llvm::json::Object{
                     {"id", nextId++}, {"job", toJSON(request)}}))) {
    if (std::optional<std::string> line =
            builder->receive(10 * options.timeoutSeconds)) {
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
      error = "builder " + builder->describeExit();
      builders[0].reset();
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
}

void LocalMeasurer::measure(
    MeasureTask &task, ArrayRef<MeasureInput> inputs,
    const std::function<void(size_t, MeasureOutput)> &done,
    const std::function<void(StringRef)> &warn) {
  if (options.verify && task.referenceObject.empty() && !task.referenceFailed)
    buildReference(task, warn);
  bool checking = options.verify && !task.referenceFailed;

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

  auto finish = [&](size_t index, MeasureOutput out) {
    --remaining;
    done(index, std::move(out));
  };
  auto deleteObject = [](StringRef object) {
    if (!object.empty())
      llvm::sys::fs::remove(object);
  };

  while (remaining > 0) {
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
      activeBuilds[b] = Active{index, id, Clock::now(), 0,
                               request.objectPath, false};
    }

    // Hand out a run.
    if (!activeRun && !runQueue.empty()) {
      Built built = std::move(runQueue.front());
      runQueue.pop_front();
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
      unsigned busy = llvm::count_if(activeBuilds, [](auto &a) {
        return a.has_value();
      });
      if (busy + options.threads > cpus)
        pauseBuilders();
      activeRun = Active{built.index, id, Clock::now(), 0, built.object, false};
      buildSeconds[built.index] = built.outcome.seconds;
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
      if (verifyBelow > 0 && !runnerHasReference.contains(task.key))
        runLimit += 10 * options.timeoutSeconds; // the reference runs too
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
      std::optional<std::string> line = builder->popLine();
      if (line) {
        BuildOutcome outcome;
        llvm::Expected<llvm::json::Value> v = llvm::json::parse(*line);
        const llvm::json::Object *o = v ? v->getAsObject() : nullptr;
        const llvm::json::Value *result = o ? o->get("result") : nullptr;
        if (!v)
          llvm::consumeError(v.takeError());
        if (!result || !fromJSON(*result, outcome)) {
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
      std::optional<std::string> line = runner->popLine();
      double elapsed = secondsBetween(activeRun->start, now);
      if (line || !alive || elapsed > runLimit) {
        MeasureOutput out;
        out.buildSeconds = buildSeconds[activeRun->index];
        out.runSeconds = elapsed;
        if (line) {
          RunOutcome outcome;
          llvm::Expected<llvm::json::Value> v = llvm::json::parse(*line);
          const llvm::json::Object *o = v ? v->getAsObject() : nullptr;
          const llvm::json::Value *result = o ? o->get("result") : nullptr;
          if (!v)
            llvm::consumeError(v.takeError());
          if (!result || !fromJSON(*result, outcome)) {
            outcome.error = MeasureError::Unknown;
            outcome.message = "malformed answer from the runner";
          }
          out.error = outcome.error;
          out.message = outcome.message;
          out.verified = outcome.verified;
          if (outcome.error == MeasureError::None)
            out.seconds = outcome.seconds;
          if (outcome.verified)
            runnerHasReference.insert(task.key);
          if (outcome.referenceSeconds > 0)
            task.untunedSeconds = outcome.referenceSeconds;
        } else if (!alive) {
          out.error = MeasureError::RuntimeDevice;
          out.message = "the kernel crashed the runner: " +
                        runner->describeExit();
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
          std::vector<double> s(out.seconds);
          std::sort(s.begin(), s.end());
          double median = s[s.size() / 2];
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
mlir::tuner::createLocalMeasurer(const LocalMeasurerOptions &options,
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

std::unique_ptr<Measurer> mlir::tuner::createFakeMeasurer() {
  return std::make_unique<FakeMeasurer>();
}

double mlir::tuner::getFakeCost(const SearchSpace &space,
                                const Candidate &candidate, StringRef taskKey) {
  const SketchInstance &sketch = space.getSketch(candidate);
  // Later sketches of the space are worse (like the padded and fallback
  // sketches are on real hardware).
  double cost = 1e-3 * (1.0 + 0.5 * candidate.sketch);
  for (auto [knob, index] : llvm::zip(sketch.getKnobs(), candidate.choice)) {
    size_t n = knob.options.size();
    if (n <= 1)
      continue;
    uint64_t h = fnv1a((taskKey + "/" + sketch.getName() + "/" + knob.name).str());
    double optimum = static_cast<double>(h % n);
    double d = (static_cast<double>(index) - optimum) / (n - 1);
    cost *= 1.0 + 2.0 * d * d;
  }
  return cost;
}
