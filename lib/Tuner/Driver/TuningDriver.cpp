//===- TuningDriver.cpp - tune every task of a module ---------------------===//
//
// The loop behind `tuner-tune`: tasks, spaces, policies, the measurer, the
// database, progress and the report. See TuningDriver.h.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Driver/TuningDriver.h"

#include "Tuner/Runtime/CUDARuntime.h"
#include "Tuner/Tuner/Transfer/Transfer.h"

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"
#include "Tuner/Tuner/Database/Database.h"
#include "Tuner/Tuner/Measure/Measurer.h"
#include "Tuner/Tuner/Measure/Worker.h"
#include "Tuner/Tuner/CostModel/CostModel.h"
#include "Tuner/Tuner/Search/SearchPolicy.h"
#include "Tuner/Tuner/Search/TaskScheduler.h"
#include "Tuner/Tuner/Search/TaskScorer.h"
#include "Tuner/Tuner/Target/Target.h"
#include "Tuner/Tuner/Task/TaskExtraction.h"
#include "Tuner/Tuner/Task/TaskModule.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cmath>
#include <ctime>
#include <unistd.h>

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;

/// `target` with the limits of CUDA device 0, which must be of its chip;
/// emits why at `loc` when there is no such device to measure on.
static FailureOr<TargetAttr> getCUDADeviceTarget(TargetAttr target,
                                                Location loc) {
  std::string error;
  FailureOr<SmallVector<cuda::DeviceInfo>> devices = cuda::getDevices(error);
  if (succeeded(devices) && devices->empty())
    error = "the CUDA driver sees no device";
  if (failed(devices) || devices->empty())
    return emitError(loc) << "tuner-tune: no GPU to measure "
                          << target.getShortName() << " candidates on: "
                          << error;
  const cuda::DeviceInfo &d = devices->front();
  if (d.getChip() != target.getArch())
    return emitError(loc) << "tuner-tune: target " << target.getShortName()
                          << " but CUDA device 0 (" << d.name << ") is "
                          << d.getChip();
  return TargetAttr::get(loc.getContext(), TargetKind::cuda, target.getArch(),
                         0, 0, 0, 0, 0, d.sms, d.maxThreadsPerBlock,
                         d.sharedMemoryPerBlock, d.registersPerSm,
                         d.warpSize);
}

namespace {
using Clock = std::chrono::steady_clock;

/// Everything the driver keeps about one task.
struct TaskState {
  Task task;
  std::unique_ptr<SearchSpace> space;
  llvm::StringSet<> measured;
  std::vector<MeasuredCandidate> history;
  std::unique_ptr<PolicyContext> context;
  std::unique_ptr<SearchPolicy> policy;
  std::unique_ptr<TaskScorer> scorer;
  /// The cost model of the task's family (null without a cost model).
  struct FamilyModel *family = nullptr;
  /// Labels of the cost model's samples are throughputs relative to the
  /// task's first valid measurement (only their order matters).
  double labelReference = 0;
  MeasureTask measureTask;
  llvm::json::Object workload;
  TaskReport report;
  bool exhausted = false;
  ConfigAttr bestConfig;
  Candidate defaultCandidate;
  /// transfer-from: adapted configs to measure first, and their keys.
  std::vector<Candidate> transferSeeds;
  llvm::StringSet<> transferKeys;
};

/// A cost model shared by a family of tasks, and where it is saved.
struct FamilyModel {
  std::string name;
  std::unique_ptr<CostModel> model;
  std::string file;
  bool warm = false;
};

/// The family of a task under `families=`: one for all tasks (none), one
/// per anchor op (op), one per task (key).
std::string getFamily(StringRef families, const Task &task) {
  if (families == "op")
    return task.occurrences.front().anchor->getName().getStringRef().str();
  if (families == "key")
    return task.key;
  return "";
}

/// The model file of a family: the run's model file for the single family
/// of families=none, else the family's name inserted before ".json".
std::string getFamilyFile(StringRef file, StringRef family) {
  if (file.empty() || family.empty())
    return file.str();
  StringRef stem = file;
  stem.consume_back(".json");
  return (stem + "." + family + ".json").str();
}

std::string printAttr(Attribute attr) {
  std::string s;
  llvm::raw_string_ostream os(s);
  attr.print(os);
  return s;
}

std::string formatDuration(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0)
    return "-";
  int s = static_cast<int>(seconds + 0.5);
  return llvm::formatv("{0}:{1:d2}", s / 60, s % 60).str();
}

double gflops(int64_t flops, double seconds) {
  return std::isfinite(seconds) && seconds > 0 ? flops / seconds / 1e9 : 0;
}

/// Live progress on stderr: one rewritten line on a terminal, one line per
/// round otherwise (when asked for).
class Progress {
public:
  Progress(StringRef mode) {
    bool tty = llvm::sys::Process::StandardErrIsDisplayed();
    live = mode == "on" || (mode == "auto" && tty);
    rewrite = tty;
  }

  void update(const TaskState &state, unsigned index, unsigned numTasks,
              unsigned used, unsigned total, unsigned errors, double elapsed,
              double eta) {
    if (!live)
      return;
    const TaskReport &r = state.report;
    std::string line = llvm::formatv(
        "[tuner] task {0}/{1} {2} | trials {3}/{4} | best {5} | errors {6} | "
        "{7} elapsed, ETA {8}",
        index + 1, numTasks, r.name, used, total,
        std::isfinite(r.bestSeconds)
            ? llvm::formatv("{0:f3} ms {1:f1} GFLOP/s", r.bestSeconds * 1e3,
                            gflops(r.flops, r.bestSeconds))
                  .str()
            : std::string("-"),
        errors, formatDuration(elapsed), formatDuration(eta));
    if (rewrite) {
      llvm::errs() << "\r\x1b[K" << line;
      dirty = true;
    } else {
      llvm::errs() << line << "\n";
    }
    llvm::errs().flush();
  }

  void finish() {
    if (dirty)
      llvm::errs() << "\n";
    dirty = false;
  }

private:
  bool live = false, rewrite = false, dirty = false;
};
} // namespace

FailureOr<TuningReport> mlir::tuner::tuneModule(ModuleOp module,
                                                const TuningOptions &o) {
  MLIRContext *ctx = module.getContext();
  Location loc = module.getLoc();
  auto start = Clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(Clock::now() - start).count();
  };

  // Options.
  if (o.trials == 0)
    return emitError(loc) << "tuner-tune: trials must be at least 1";
  if (o.repeats == 0 || o.batchSize == 0)
    return emitError(loc)
           << "tuner-tune: repeats and batch-size must be at least 1";
  const MeasurerInfo *measurerInfo = lookupMeasurer(o.measure);
  if (!measurerInfo)
    return emitError(loc) << "tuner-tune: unknown measure '" << o.measure
                          << "'; available: "
                          << llvm::join(getMeasurerNames(), " ");
  if (o.progress != "auto" && o.progress != "on" && o.progress != "off")
    return emitError(loc) << "tuner-tune: unknown progress '" << o.progress
                          << "': expected 'auto', 'on' or 'off'";
  std::vector<std::string> policies = getSearchPolicyNames();
  if (!llvm::is_contained(policies, o.policy)) {
    InFlightDiagnostic diag = emitError(loc)
                              << "tuner-tune: unknown policy '" << o.policy
                              << "'; available:";
    for (const std::string &p : policies)
      diag << " " << p;
    return diag;
  }
  if (o.families != "none" && o.families != "op" && o.families != "key")
    return emitError(loc) << "tuner-tune: unknown families '" << o.families
                          << "': expected 'none', 'op' or 'key'";
  std::vector<std::string> models = getCostModelNames();
  if (o.costModel != "auto" && o.costModel != "none" &&
      !llvm::is_contained(models, o.costModel))
    return emitError(loc) << "tuner-tune: unknown cost model '" << o.costModel
                          << "'; available: auto none "
                          << llvm::join(models, " ");
  FailureOr<TargetAttr> target =
      resolveTarget(o.target.empty() ? "host" : o.target, module);
  if (failed(target))
    return failure();
  if (target->isCUDA() && measurerInfo->measuresHardware) {
    FailureOr<TargetAttr> device = getCUDADeviceTarget(*target, loc);
    if (failed(device))
      return failure();
    target = *device;
  }
  std::string targetText = printAttr(*target);

  // Database.
  std::unique_ptr<Database> db;
  if (!o.database.empty()) {
    std::string error;
    auto opened = Database::openWithDiagnostics(o.database,
                                                /*forAppend=*/true, loc, error);
    if (failed(opened))
      return emitError(loc) << "tuner-tune: " << error;
    db = std::move(*opened);
  } else if (o.resume) {
    return emitError(loc) << "tuner-tune: resume needs a database";
  }

  // Tasks and their spaces.
  std::vector<Task> tasks = extractTasks(module);
  if (tasks.empty()) {
    emitWarning(loc) << "tuner-tune: the module has no tuning task";
    return TuningReport();
  }
  std::vector<std::unique_ptr<TaskState>> states;
  for (Task &task : tasks) {
    const FusedGroup &group = task.occurrences.front();
    SmallVector<std::unique_ptr<SketchInstance>> instances;
    if (o.sketches.empty()) {
      instances = instantiateSketches(group, *target);
    } else {
      for (const std::string &name : o.sketches) {
        const Sketch *sketch = SketchRegistry::get().lookup(name);
        if (!sketch)
          return emitError(loc) << "tuner-tune: unknown sketch '" << name << "'";
        std::string whyNot;
        if (auto instance = sketch->instantiate(group, *target, whyNot))
          instances.push_back(std::move(instance));
      }
    }
    if (instances.empty()) {
      group.anchor->emitWarning()
          << "tuner-tune: no sketch applies to this op; it is not tuned";
      continue;
    }
    auto state = std::make_unique<TaskState>();
    state->space = std::make_unique<SearchSpace>(std::move(instances));
    state->workload = describeWorkload(task);
    state->defaultCandidate = state->space->getDefault();
    state->report.key = task.key;
    state->report.name = task.name;
    state->report.weight = task.weight;
    state->report.flops = task.flops;
    OwningOpRef<ModuleOp> taskModule = buildTaskModule(group, "task", &task);
    state->measureTask.key = task.key;
    state->measureTask.name = task.name;
    state->measureTask.module = printForWorker(*taskModule);
    state->measureTask.target = targetText;
    state->measureTask.flops = task.flops;
    state->task = std::move(task);
    states.push_back(std::move(state));
  }
  setTarget(module, *target);

  // Resume: earlier measurements count and are not repeated.
  unsigned used = 0, errors = 0;
  if (o.resume && db) {
    for (const Record &record : db->getRecords()) {
      for (auto &state : states) {
        if (record.taskKey != state->task.key || record.target != targetText)
          continue;
        ConfigAttr config = record.getConfig(ctx);
        if (!config)
          continue;
        std::string error;
        FailureOr<Candidate> candidate = state->space->fromConfig(config, error);
        if (failed(candidate))
          continue; // from another version of the space
        std::string key = state->space->getKey(*candidate);
        if (!state->measured.insert(key).second)
          continue;
        MeasuredCandidate m{*candidate, record.isValid() ? record.seconds
                                                         : std::vector<double>()};
        state->history.push_back(m);
        TaskReport &r = state->report;
        ++r.trials;
        ++r.resumed;
        ++used;
        if (!record.isValid()) {
          ++r.errors;
          ++errors;
        } else {
          double median = m.median();
          if (median < r.bestSeconds) {
            r.bestSeconds = median;
            state->bestConfig = config;
          }
          if (*candidate == state->defaultCandidate)
            r.defaultSeconds = median;
          state->measureTask.haveValid = true;
          state->measureTask.bestSeconds =
              std::min(state->measureTask.bestSeconds, median);
        }
      }
    }
  }

  // Transfer: tasks without records of their own start from the adapted
  // configs of similar tasks in another database.
  if (!o.transferFrom.empty()) {
    std::string error;
    auto donors = Database::openWithDiagnostics(
        o.transferFrom, /*forAppend=*/false, loc, error);
    if (failed(donors))
      return emitError(loc) << "tuner-tune: transfer-from: " << error;
    for (auto &state : states) {
      if (!state->history.empty())
        continue;
      std::vector<TransferCandidate> candidates = getTransferCandidates(
          **donors, state->task, *target, targetText);
      if (candidates.empty())
        continue;
      // In donor order: the nearest task first, its best config first (a
      // cost model of other shapes ranked them worse, see docs/Tuning.md).
      for (const TransferCandidate &c : candidates) {
        if (state->transferSeeds.size() >= o.transferSeeds)
          break;
        std::string why;
        FailureOr<Candidate> candidate = state->space->fromConfig(c.config, why);
        if (failed(candidate) || !state->space->isValid(*candidate))
          continue;
        if (state->transferKeys.insert(state->space->getKey(*candidate)).second)
          state->transferSeeds.push_back(*candidate);
      }
      state->report.transferSeeds = state->transferSeeds.size();
    }
  }

  // Measurer.
  std::unique_ptr<Measurer> measurer;
  {
    MeasurerOptions mo;
    mo.workerExecutable =
        o.worker.empty() ? getDefaultWorkerExecutable() : o.worker;
    // 0: one builder per hardware thread (they pause while the runner
    // times a kernel, so they do not disturb the timings).
    mo.builders = o.builders ? o.builders
                             : llvm::hardware_concurrency().compute_thread_count();
    mo.timing.repeats = o.repeats;
    mo.timing.minRepeatMs = o.minRepeatMs;
    mo.timeoutSeconds = o.timeout;
    mo.verify = o.verify;
    mo.verifyAll = o.verifyAll;
    mo.memoryLimitBytes = o.memoryLimitMB << 20;
    mo.threads = target->getCores();
    mo.seed = o.seed;
    std::string error;
    auto created = measurerInfo->factory(mo, error);
    if (failed(created))
      return emitError(loc) << "tuner-tune: " << error;
    measurer = std::move(*created);
  }

  TuningReport report;
  report.target = target->getShortName();
  report.policy = o.policy;
  for (auto &state : states)
    report.transferTasks += !state->transferSeeds.empty();

  // Policies.
  unsigned numTasks = states.size();
  for (auto [i, state] : llvm::enumerate(states)) {
    unsigned budget = (o.trials + numTasks - 1) / numTasks;
    if (o.perTaskTrials)
      budget = std::min(budget, o.perTaskTrials);
    state->context = std::make_unique<PolicyContext>(PolicyContext{
        *state->space, state->measured, state->history, nullptr,
        o.seed * 1000003 + i, o.policyOptions, budget});
    std::string error;
    auto policy = createSearchPolicy(o.policy, *state->context, error);
    if (failed(policy))
      return emitError(loc) << "tuner-tune: " << error;
    state->policy = std::move(*policy);
  }

  // The task scheduler: which task gets the next round.
  std::unique_ptr<TaskScheduler> scheduler;
  {
    std::vector<ScheduledTask> scheduled;
    for (auto &state : states)
      scheduled.push_back(
          {static_cast<double>(state->task.weight),
           static_cast<double>(state->task.flops),
           state->task.occurrences.front().anchor->getName().getStringRef()
               .str()});
    std::string error;
    scheduler = createTaskScheduler(o.taskScheduler, std::move(scheduled),
                                    o.taskSchedulerOptions, o.seed, error);
    if (!scheduler)
      return emitError(loc) << "tuner-tune: " << error;
    report.taskScheduler = scheduler->getName().str();
  }

  // The cost models, one per family of tasks, when the policy asks one.
  std::vector<std::unique_ptr<FamilyModel>> families;
  std::string modelFile = o.costModelFile;
  if (modelFile.empty() && !o.database.empty())
    modelFile = o.database + ".model.json";
  bool wantModel = o.costModel != "none" && !states.empty() &&
                   states.front()->policy->usesCostModel();
  std::string modelName;
  if (wantModel) {
    CostModelOptions cmo;
    cmo.seed = o.seed;
    // One thread: training takes tens of milliseconds, and idle OpenMP
    // threads spinning in this process would steal cores from the workers.
    cmo.threads = 1;
    cmo.options = o.costModelOptions;
    std::string error;
    modelName = o.costModel == "auto" ? "xgboost" : o.costModel;
    // A model of `modelName`; under `auto` without options, the first
    // failure to make an xgboost model switches the run to random.
    auto makeModel = [&]() -> FailureOr<std::unique_ptr<CostModel>> {
      auto created = createCostModel(modelName, cmo, error);
      if (failed(created) && modelName == "xgboost" &&
          o.costModel == "auto" && o.costModelOptions.empty()) {
        emitRemark(loc) << "tuner-tune: " << error
                        << "; using the random cost model";
        modelName = "random";
        created = createCostModel(modelName, cmo, error);
      }
      return created;
    };
    llvm::StringMap<FamilyModel *> byName;
    for (auto &state : states) {
      std::string name = getFamily(o.families, state->task);
      FamilyModel *&family = byName[name];
      if (!family) {
        families.push_back(std::make_unique<FamilyModel>());
        family = families.back().get();
        family->name = name;
        family->file = getFamilyFile(modelFile, name);
        auto created = makeModel();
        if (failed(created))
          return emitError(loc) << "tuner-tune: " << error;
        family->model = std::move(*created);
        if (!family->file.empty() && llvm::sys::fs::exists(family->file)) {
          if (succeeded(family->model->load(family->file, error)) &&
              family->model->getNumFeatures() == measurer->getNumFeatures()) {
            family->warm = true;
          } else {
            if (error.empty())
              error = llvm::formatv(
                  "the cost model in '{0}' was trained on {1} features, "
                  "this tuner computes {2}",
                  family->file, family->model->getNumFeatures(),
                  measurer->getNumFeatures());
            emitWarning(loc) << "tuner-tune: " << error
                             << "; the cost model starts cold";
            auto fresh = makeModel();
            if (failed(fresh))
              return emitError(loc) << "tuner-tune: " << error;
            family->model = std::move(*fresh);
          }
        }
      }
      state->family = family;
      TaskState *raw = state.get();
      state->scorer = std::make_unique<TaskScorer>(
          *state->space, *family->model,
          [raw, &measurer, ctx, loc](ArrayRef<Candidate> candidates) {
            std::vector<MeasureInput> inputs;
            for (const Candidate &c : candidates)
              inputs.push_back({raw->space->toConfig(ctx, c)});
            return measurer->featurize(
                raw->measureTask, inputs,
                [&](StringRef message) { emitWarning(loc) << message; });
          });
      state->context->scorer = state->scorer.get();
    }
  }

  // Trains the cost model on measured candidates of a task, and saves it.
  auto train = [&](TaskState &state, ArrayRef<MeasuredCandidate> results) {
    if (!state.family || results.empty())
      return;
    CostModel &costModel = *state.family->model;
    SmallVector<Candidate> candidates;
    for (const MeasuredCandidate &m : results)
      candidates.push_back(m.candidate);
    std::vector<const FeatureVector *> features =
        state.scorer->getFeatures(candidates);
    std::vector<CostSample> samples;
    for (auto [m, f] : llvm::zip(results, features)) {
      if (f->empty())
        continue;
      double median = m.median();
      if (std::isfinite(median) && state.labelReference == 0)
        state.labelReference = median;
      float label =
          std::isfinite(median) ? float(state.labelReference / median) : 0.f;
      samples.push_back({*f, label, state.task.key + "@" + targetText});
    }
    std::string error;
    if (failed(costModel.update(samples, error))) {
      emitWarning(loc) << "tuner-tune: cost model: " << error;
      return;
    }
    ++report.modelUpdates;
    const std::string &file = state.family->file;
    if (!file.empty() && failed(costModel.save(file, error)))
      emitWarning(loc) << "tuner-tune: " << error;
  };
  // A cold model learns from the resumed records first (a saved model
  // already holds them).
  for (auto &state : states)
    if (state->family && !state->family->warm && !state->history.empty())
      train(*state, state->history);

  Progress progress(o.progress);
  bool dbFailed = false;

  auto measureBatch = [&](size_t taskIndex, ArrayRef<Candidate> candidates,
                          bool counted) {
    TaskState &state = *states[taskIndex];
    std::vector<MeasureInput> inputs;
    for (const Candidate &c : candidates)
      inputs.push_back({state.space->toConfig(ctx, c)});
    std::vector<MeasuredCandidate> results(candidates.size());
    measurer->measure(
        state.measureTask, inputs,
        [&](size_t i, MeasureOutput out) {
          report.buildSeconds += out.buildSeconds;
          report.runSeconds += out.runSeconds;
          results[i] = MeasuredCandidate{candidates[i], out.seconds};
          // Uncounted measurements (the drift check's second measurement of
          // the default) are not trials: they go to the report, not to the
          // database, which holds one record per trial.
          if (!counted)
            return;
          Record record;
          record.taskKey = state.task.key;
          record.workload = state.workload;
          record.target = targetText;
          setRecordConfig(record, inputs[i].config);
          record.seconds = out.seconds;
          record.error = out.error;
          record.message = out.message;
          record.buildSeconds = out.buildSeconds;
          record.runSeconds = out.runSeconds;
          record.timestamp = static_cast<double>(std::time(nullptr));
          record.tool = getToolVersionString();
          // Costs not measured on hardware must never pass for
          // measurements.
          if (!measurerInfo->measuresHardware)
            record.tool += " (" + measurerInfo->name + " measurer)";
          record.llvm = getLLVMVersionString();
          std::string error;
          if (db && !dbFailed && failed(db->append(record, error))) {
            emitError(loc) << "tuner-tune: " << error;
            dbFailed = true;
          }
          TaskReport &r = state.report;
          ++r.trials;
          ++used;
          r.trace.push_back(
              {elapsed(), out.error == MeasureError::None && !out.seconds.empty()
                              ? results[i].median()
                              : std::numeric_limits<double>::infinity()});
          if (out.error != MeasureError::None || out.seconds.empty()) {
            ++r.errors;
            ++errors;
          } else {
            double median = results[i].median();
            if (candidates[i] == state.defaultCandidate)
              r.defaultSeconds = median;
            if (state.transferKeys.contains(state.space->getKey(candidates[i])))
              r.transferSeconds = std::min(r.transferSeconds, median);
            // Only a checked candidate can become the best (unless the
            // task's reference could not be built: then none is checked).
            bool trusted = out.verified || !o.verify ||
                           state.measureTask.referenceFailed;
            if (median < r.bestSeconds && trusted) {
              r.bestSeconds = median;
              state.bestConfig = inputs[i].config;
            }
          }
          double eta = used ? elapsed() / used * (o.trials - used) : 0;
          if (o.timeBudget > 0)
            eta = std::min(eta, o.timeBudget - elapsed());
          progress.update(state, taskIndex, states.size(), used, o.trials,
                          errors, elapsed(), eta);
        },
        [&](StringRef message) { emitWarning(loc) << message; });
    return results;
  };

  // Rounds: the scheduler picks a task, the task's policy proposes a batch.
  auto outOfTime = [&] { return o.timeBudget > 0 && elapsed() >= o.timeBudget; };
  // A round is at most a fair share of what is left between the tasks still
  // searching, computed again once a task comes back (with round-robin: at
  // the start of every pass over the tasks).
  unsigned share = 0;
  llvm::SmallDenseSet<size_t> servedSinceShare;
  while (used < o.trials && !outOfTime() && !dbFailed) {
    std::optional<size_t> next = scheduler->next();
    if (!next)
      break;
    size_t taskIndex = *next;
    TaskState *state = states[taskIndex].get();
    if (!servedSinceShare.insert(taskIndex).second || share == 0) {
      servedSinceShare = {taskIndex};
      unsigned alive = llvm::count_if(
          states, [](const auto &state) { return !state->exhausted; });
      share =
          std::max(1u, (o.trials - used + alive - 1) / std::max(1u, alive));
    }
    {
      unsigned budget = std::min({o.batchSize, share, o.trials - used});
      if (o.perTaskTrials)
        budget = std::min(budget, o.perTaskTrials > state->report.trials
                                      ? o.perTaskTrials - state->report.trials
                                      : 0u);
      if (budget == 0) {
        state->exhausted = true;
        scheduler->update(taskIndex, state->report.bestSeconds,
                          /*exhausted=*/true);
        continue;
      }
      std::vector<Candidate> batch;
      // The default config is measured first: the baseline, and a good
      // starting point.
      std::string defaultKey = state->space->getKey(state->defaultCandidate);
      if (state->space->isValid(state->defaultCandidate) &&
          state->measured.insert(defaultKey).second)
        batch.push_back(state->defaultCandidate);
      // Then the configs transferred from similar tasks (transfer-from).
      for (const Candidate &seed : state->transferSeeds)
        if (batch.size() < budget &&
            state->measured.insert(state->space->getKey(seed)).second)
          batch.push_back(seed);
      if (batch.size() < budget) {
        for (Candidate &c : state->policy->propose(budget - batch.size()))
          if (state->measured.insert(state->space->getKey(c)).second)
            batch.push_back(std::move(c));
      }
      if (batch.empty()) {
        state->exhausted = true;
        scheduler->update(taskIndex, state->report.bestSeconds,
                          /*exhausted=*/true);
        continue;
      }
      std::vector<MeasuredCandidate> results =
          measureBatch(taskIndex, batch, /*counted=*/true);
      for (const MeasuredCandidate &m : results)
        state->history.push_back(m);
      train(*state, results);
      state->policy->update(results);
      ++state->report.rounds;
      scheduler->update(taskIndex, state->report.bestSeconds,
                        /*exhausted=*/false);
    }
  }

  // Noise control: the default config again, after the search.
  if (o.driftCheck && measurerInfo->measuresHardware && !dbFailed) {
    for (auto [taskIndex, state] : llvm::enumerate(states)) {
      TaskReport &r = state->report;
      if (!std::isfinite(r.defaultSeconds))
        continue;
      std::vector<MeasuredCandidate> again =
          measureBatch(taskIndex, {state->defaultCandidate}, /*counted=*/false);
      double now = again.front().median();
      if (!std::isfinite(now))
        continue;
      double first = r.defaultSeconds;
      r.defaultEndSeconds = now;
      // Keep the faster measurement of the default: a slow first one (a busy
      // machine) would otherwise inflate the speedups. The default was the
      // first candidate measured, so it was checked then.
      r.defaultSeconds = std::min(first, now);
      if (now < r.bestSeconds) {
        r.bestSeconds = now;
        state->bestConfig = state->space->toConfig(ctx, state->defaultCandidate);
      }
      if (std::fabs(now - first) > 0.1 * first)
        emitWarning(loc) << "tuner-tune: the default config of task '"
                         << r.name << "' took "
                         << llvm::formatv("{0:f3}", first * 1e3)
                         << " ms at the start and "
                         << llvm::formatv("{0:f3}", now * 1e3)
                         << " ms at the end: the machine was busy, timings "
                            "may be off by that much";
    }
  }
  progress.finish();
  if (dbFailed)
    return failure();

  // Annotate every anchor op with its task's best config.
  for (auto &state : states) {
    TaskReport &r = state->report;
    ConfigAttr config = state->bestConfig;
    if (!config) {
      config = state->space->toConfig(ctx, state->defaultCandidate);
      r.usedDefault = true;
      state->task.occurrences.front().anchor->emitWarning()
          << "tuner-tune: no valid measurement for task '" << r.name
          << "': annotated with the default config";
    }
    r.bestConfig = printAttr(config);
    auto taskAttr = TaskAttr::get(ctx, state->task.key, state->task.weight,
                                  state->task.flops);
    for (const FusedGroup &group : state->task.occurrences) {
      setTask(group.anchor, taskAttr);
      setConfig(group.anchor, config);
    }
    if (state->measureTask.untunedSeconds > 0)
      r.untunedSeconds = state->measureTask.untunedSeconds;
    report.tasks.push_back(r);
    if (std::isfinite(r.untunedSeconds))
      report.untunedLatency += r.weight * r.untunedSeconds;
    if (std::isfinite(r.bestSeconds))
      report.bestLatency += r.weight * r.bestSeconds;
    if (std::isfinite(r.defaultSeconds))
      report.defaultLatency += r.weight * r.defaultSeconds;
    if (report.transferTasks)
      report.transferLatency +=
          r.weight * std::min(r.defaultSeconds, r.transferSeconds);
  }
  report.trials = used;
  report.errors = errors;
  report.seconds = elapsed();
  if (!families.empty()) {
    report.costModel = families.front()->model->getName().str();
    report.costModelFamilies = families.size();
    for (auto &family : families) {
      report.costModelWarm |= family->warm;
      report.trainSeconds += family->model->getTrainSeconds();
      report.predictSeconds += family->model->getPredictSeconds();
    }
    for (auto &state : states)
      report.featurizeSeconds += state->scorer->getFeaturizeSeconds();
  }

  if (o.progress != "off")
    printReport(report, llvm::errs());
  if (!o.report.empty()) {
    std::error_code ec;
    llvm::raw_fd_ostream os(o.report, ec);
    if (ec)
      return emitError(loc) << "tuner-tune: cannot write report '" << o.report
                            << "': " << ec.message();
    os << llvm::formatv("{0:2}", reportToJSON(report)) << "\n";
  }
  return report;
}

llvm::json::Value mlir::tuner::reportToJSON(const TuningReport &report) {
  auto number = [](double v) -> llvm::json::Value {
    if (std::isfinite(v))
      return v;
    return nullptr;
  };
  llvm::json::Array tasks;
  for (const TaskReport &t : report.tasks)
    tasks.push_back(llvm::json::Object{
        {"share", std::isfinite(t.bestSeconds) && report.bestLatency > 0
                      ? llvm::json::Value(t.weight * t.bestSeconds /
                                          report.bestLatency)
                      : llvm::json::Value(nullptr)},
        {"untuned_s", number(t.untunedSeconds)},
        {"transfer_seeds", static_cast<int64_t>(t.transferSeeds)},
        {"transfer_s", number(t.transferSeconds)},
        {"key", t.key},
        {"name", t.name},
        {"weight", t.weight},
        {"flops", t.flops},
        {"trials", static_cast<int64_t>(t.trials)},
        {"rounds", static_cast<int64_t>(t.rounds)},
        {"resumed", static_cast<int64_t>(t.resumed)},
        {"errors", static_cast<int64_t>(t.errors)},
        {"best_s", number(t.bestSeconds)},
        {"default_s", number(t.defaultSeconds)},
        {"default_end_s", number(t.defaultEndSeconds)},
        {"best_gflops", gflops(t.flops, t.bestSeconds)},
        {"speedup_over_default",
         std::isfinite(t.bestSeconds) && std::isfinite(t.defaultSeconds)
             ? llvm::json::Value(t.defaultSeconds / t.bestSeconds)
             : llvm::json::Value(nullptr)},
        {"config", t.bestConfig},
        {"used_default", t.usedDefault},
        {"trace", [&] {
           llvm::json::Array trace;
           for (auto [at, median] : t.trace)
             trace.push_back(llvm::json::Array{at, number(median)});
           return trace;
         }()},
    });
  return llvm::json::Object{
      {"target", report.target},
      {"policy", report.policy},
      {"task_scheduler", report.taskScheduler},
      {"trials", static_cast<int64_t>(report.trials)},
      {"errors", static_cast<int64_t>(report.errors)},
      {"seconds", report.seconds},
      {"build_s", report.buildSeconds},
      {"run_s", report.runSeconds},
      {"best_latency_s", report.bestLatency},
      {"default_latency_s", report.defaultLatency},
      {"untuned_latency_s", report.untunedLatency},
      {"transfer_tasks", static_cast<int64_t>(report.transferTasks)},
      {"transfer_latency_s", report.transferTasks
                                 ? number(report.transferLatency)
                                 : llvm::json::Value(nullptr)},
      {"cost_model", report.costModel},
      {"cost_model_warm", report.costModelWarm},
      {"cost_model_families", static_cast<int64_t>(report.costModelFamilies)},
      {"cost_model_updates", static_cast<int64_t>(report.modelUpdates)},
      {"featurize_s", report.featurizeSeconds},
      {"train_s", report.trainSeconds},
      {"predict_s", report.predictSeconds},
      {"tasks", std::move(tasks)},
  };
}

void mlir::tuner::printReport(const TuningReport &report,
                              llvm::raw_ostream &os) {
  os << llvm::formatv("mlir-tuner: {0} trials in {1:f1} s (build {2:f1} s, "
                      "run {3:f1} s), {4} errors, policy {5}, target {6}\n",
                      report.trials, report.seconds, report.buildSeconds,
                      report.runSeconds, report.errors, report.policy,
                      report.target);
  if (report.costModel != "none")
    os << llvm::formatv("cost model {0}{1}: {2} updates; featurize {3:f1} s, "
                        "train {4:f1} s, predict {5:f1} s\n",
                        report.costModel +
                            (report.costModelFamilies > 1
                                 ? " x" + std::to_string(
                                              report.costModelFamilies) +
                                       " families"
                                 : std::string()),
                        report.costModelWarm ? " (warm start)" : "",
                        report.modelUpdates, report.featurizeSeconds,
                        report.trainSeconds, report.predictSeconds);
  os << llvm::formatv("{0,-34} {1,-16} {2,6} {3,6} {4,6} {5,11} {6,11} "
                      "{7,11} {8,9} {9,8} {10,6}\n",
                      "task", "key", "weight", "trials", "errors",
                      "untuned ms", "default ms", "best ms", "GFLOP/s",
                      "speedup", "share");
  auto ms = [](double s) {
    return std::isfinite(s) ? llvm::formatv("{0:f3}", s * 1e3).str()
                            : std::string("-");
  };
  for (const TaskReport &t : report.tasks) {
    std::string speedup =
        std::isfinite(t.bestSeconds) && std::isfinite(t.defaultSeconds)
            ? llvm::formatv("{0:f2}x", t.defaultSeconds / t.bestSeconds).str()
            : std::string("-");
    std::string share =
        std::isfinite(t.bestSeconds) && report.bestLatency > 0
            ? llvm::formatv("{0:f0}%", 100.0 * t.weight * t.bestSeconds /
                                           report.bestLatency)
                  .str()
            : std::string("-");
    os << llvm::formatv("{0,-34} {1,-16} {2,6} {3,6} {4,6} {5,11} {6,11} "
                        "{7,11} {8,9:f1} {9,8} {10,6}\n",
                        t.name, t.key, t.weight, t.trials, t.errors,
                        ms(t.untunedSeconds), ms(t.defaultSeconds),
                        ms(t.bestSeconds), gflops(t.flops, t.bestSeconds),
                        speedup, share);
  }
  if (report.defaultLatency > 0 && report.bestLatency > 0) {
    os << llvm::formatv("end to end (sum of weight x time): default {0:f3} ms, "
                        "best {1:f3} ms ({2:f2}x)",
                        report.defaultLatency * 1e3, report.bestLatency * 1e3,
                        report.defaultLatency / report.bestLatency);
    if (report.untunedLatency > 0)
      os << llvm::formatv(", untuned {0:f3} ms", report.untunedLatency * 1e3);
    os << "\n";
  }
  if (report.transferTasks && std::isfinite(report.transferLatency) &&
      report.defaultLatency > 0) {
    os << llvm::formatv("transfer: {0} of {1} tasks seeded; the faster of "
                        "default and transferred configs {2:f3} ms ({3:f2}x "
                        "over default) before the search",
                        report.transferTasks, report.tasks.size(),
                        report.transferLatency * 1e3,
                        report.defaultLatency / report.transferLatency);
    os << "\n";
  }
  os.flush();
}
