//===- TuningSetup.cpp - everything a tuning run needs before its rounds --===//
//
// setUpTuning builds the TuningState of a run from its checked options: the
// target, the database, the tasks and their spaces, the records of earlier
// runs (resume) and of other models (transfer-from), the measurer, the
// policies, the task scheduler and the cost models. Every problem is a
// diagnostic; nothing is measured here.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Driver/TuningDriver.h"

#include "Internal.h"

#include "Tuner/Runtime/CUDARuntime.h"
#include "Tuner/Tuner/Measure/MPI.h"
#include "Tuner/Tuner/Measure/Worker.h"
#include "Tuner/Tuner/Sketch/Materialize.h"
#include "Tuner/Tuner/Sketch/Sketch.h"
#include "Tuner/Tuner/Target/Target.h"
#include "Tuner/Tuner/Task/TaskModule.h"
#include "Tuner/Tuner/Transfer/Transfer.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Threading.h"

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;

using tuner::detail::printAttr;

namespace {
/// `target` with the limits of CUDA device 0, which must be of its chip;
/// emits why at `loc` when there is no such device to measure on.
FailureOr<TargetAttr> getCUDADeviceTarget(TargetAttr target, Location loc) {
  std::string error;
  FailureOr<SmallVector<cuda::DeviceInfo>> devices = cuda::getDevices(error);
  if (succeeded(devices) && devices->empty())
    error = "the CUDA driver sees no device";
  if (failed(devices) || devices->empty())
    return emitError(loc) << "tuner-tune: no GPU to measure "
                          << target.getShortName()
                          << " candidates on: " << error;
  const cuda::DeviceInfo &d = devices->front();
  if (!runsOnChip(target.getArch(), d.getChip()))
    return emitError(loc) << "tuner-tune: target " << target.getShortName()
                          << " but CUDA device 0 (" << d.name << ") is "
                          << d.getChip();
  return withCUDAPrecision(getCUDATarget(loc.getContext(), d, target.getArch()),
                           target.getFeatures());
}

/// The target (resolved once), the measurer's registration and the database.
LogicalResult openTargetAndDatabase(TuningState &state) {
  const TuningOptions &o = state.options;
  FailureOr<TargetAttr> target =
      resolveTarget(o.target.empty() ? "host" : o.target, state.module);
  if (failed(target))
    return failure();
  if (o.precision == "tf32" && !target->isCUDA())
    return emitError(state.loc)
           << "tuner-tune: precision=tf32 needs a CUDA target, not "
           << target->getShortName();
  if (!o.precision.empty())
    target = withCUDAPrecision(*target, o.precision);
  state.measurerInfo = lookupMeasurer(o.measure.measurer);
  // Under workers=mpi the GPUs are the serving ranks' (each checks its own).
  if (target->isCUDA() && state.measurerInfo->measuresHardware &&
      o.measure.workers == WorkersMode::Local) {
    target = getCUDADeviceTarget(*target, state.loc);
    if (failed(target))
      return failure();
  }
  // A CPU target's candidates are compiled for its ISA and run here: one
  // this machine cannot run is refused before any work.
  if (target->isCPU() && state.measurerInfo->measuresHardware &&
      o.measure.workers == WorkersMode::Local) {
    std::string error;
    if (failed(getHostCodegen(*target, error)))
      return emitError(state.loc) << "tuner-tune: " << error;
  }
  state.target = *target;
  state.targetText = printAttr(*target);
  if (o.records.database.empty())
    return success();
  std::string error;
  auto opened =
      Database::openWithDiagnostics(o.records.database,
                                    /*forAppend=*/true, state.loc, error);
  if (failed(opened))
    return emitError(state.loc) << "tuner-tune: " << error;
  state.database = std::move(*opened);
  return success();
}

/// The sketch spaces of `group`: those of the sketches named by
/// `sketches=`, or all that apply where none of them does (a padding fill
/// beside a tensor-core matmul still needs a schedule: on a GPU an op
/// without one would run on the host).
SmallVector<std::unique_ptr<SketchInstance>>
getInstances(const FusedGroup &group, const TuningState &state) {
  const TuningOptions &o = state.options;
  if (o.search.sketches.empty())
    return instantiateSketches(group, state.target);
  SmallVector<std::unique_ptr<SketchInstance>> instances;
  for (const std::string &name : o.search.sketches) {
    // verifyTuningOptions checked the names.
    std::string whyNot;
    if (auto instance = SketchRegistry::get().lookup(name)->instantiate(
            group, state.target, whyNot))
      instances.push_back(std::move(instance));
  }
  if (instances.empty())
    return instantiateSketches(group, state.target);
  return instances;
}

/// One TaskState per task some sketch applies to.
void buildTasks(TuningState &state) {
  for (Task &task : extractTasks(state.module)) {
    const FusedGroup &group = task.occurrences.front();
    // A sketch whose default does not apply (a body the vectorizer
    // rejects) would spend every trial on failures: its space is left out,
    // and the fallback is the last resort.
    SmallVector<std::unique_ptr<SketchInstance>> instances =
        keepApplicableInstances(
            getInstances(group, state), group, state.target,
            [&](const SketchInstance &instance, StringRef error) {
              group.anchor->emitWarning()
                  << "tuner-tune: the default schedule of sketch '"
                  << instance.getName()
                  << "' does not apply to this op; its space is left out: "
                  << error;
            });
    if (instances.empty()) {
      group.anchor->emitWarning()
          << "tuner-tune: no sketch applies to this op; it is not tuned";
      continue;
    }
    auto t = std::make_unique<TaskState>();
    t->index = state.tasks.size();
    t->space = std::make_unique<SearchSpace>(std::move(instances));
    t->workload = describeWorkload(task);
    t->defaultCandidate = t->space->getDefault();
    // Strategy knobs (pack, contract, pad: a few options each); the lists
    // of register-tile or thread-block shapes, also categorical, are left to
    // the search.
    constexpr unsigned kMaxNeighbourOptions = 4;
    if (state.options.search.defaultNeighbours &&
        t->space->isValid(t->defaultCandidate)) {
      t->defaultNeighbours = t->space->getChoiceNeighbours(
          t->defaultCandidate, kMaxNeighbourOptions);
      // And the sketches' own alternatives to their defaults.
      for (Candidate &c : t->space->getSuggestions(t->defaultCandidate))
        if (!llvm::is_contained(t->defaultNeighbours, c))
          t->defaultNeighbours.push_back(std::move(c));
    }
    t->report.key = task.key;
    t->report.name = task.name;
    t->report.weight = task.weight;
    t->report.flops = task.flops;
    OwningOpRef<ModuleOp> taskModule = buildTaskModule(group, "task", &task);
    t->measureTask.key = task.key;
    t->measureTask.name = task.name;
    t->measureTask.module = printForWorker(*taskModule);
    t->measureTask.target = state.targetText;
    t->measureTask.flops = task.flops;
    if (double budget = state.options.budget.timeBudget; budget > 0)
      t->measureTask.deadline =
          state.start +
          std::chrono::duration_cast<TuningState::Clock::duration>(
              std::chrono::duration<double>(budget));
    t->task = std::move(task);
    state.tasks.push_back(std::move(t));
  }
}

/// Counts a resumed record of `t` as a trial of this run; `wrong`: the
/// database also holds a WRONG_ANSWER record of this candidate (a valid
/// record of it then counts as that error: it never becomes the best).
void addResumed(TuningState &state, TaskState &t, const Record &record,
                const Candidate &candidate, ConfigAttr config, bool wrong) {
  bool valid = record.isValid() && !wrong;
  MeasuredCandidate m{candidate,
                      valid ? record.seconds : std::vector<double>()};
  t.history.push_back(m);
  TaskReport &r = t.report;
  ++r.trials;
  ++r.resumed;
  ++state.used;
  if (!valid) {
    ++r.errors;
    ++state.errors;
    r.wrongAnswers += wrong || record.error == MeasureError::WrongAnswer;
    return;
  }
  double median = m.median();
  if (median < r.bestSeconds) {
    r.bestSeconds = median;
    t.bestConfig = config;
  }
  if (candidate == t.defaultCandidate)
    r.defaultSeconds = median;
  t.measureTask.haveValid = true;
  t.measureTask.bestSeconds = std::min(t.measureTask.bestSeconds, median);
}

/// Resume: earlier measurements count and are not repeated. Records that
/// name a sketch this tool does not have are reported, once per run.
void resumeFromDatabase(TuningState &state) {
  if (!state.options.records.resume || !state.database)
    return;
  MLIRContext *ctx = state.getContext();
  llvm::StringSet<> unknownSketches;
  unsigned unknownRecords = 0;
  // Candidates of each task that failed the check in some run.
  std::vector<llvm::StringSet<>> wrong(state.tasks.size());
  auto forEachCandidate = [&](function_ref<void(TaskState &, const Record &,
                                                const Candidate &, ConfigAttr)>
                                  fn) {
    for (const Record &record : state.database->getRecords()) {
      if (record.target != state.targetText)
        continue;
      for (auto &t : state.tasks) {
        if (record.taskKey != t->task.key)
          continue;
        ConfigAttr config = record.getConfig(ctx);
        if (!config || !SketchRegistry::get().lookup(config.getSketch()))
          continue;
        std::string error;
        FailureOr<Candidate> candidate = t->space->fromConfig(config, error);
        // A failure: from another version of the space, or sketch set.
        if (succeeded(candidate))
          fn(*t, record, *candidate, config);
      }
    }
  };
  forEachCandidate([&](TaskState &t, const Record &record,
                       const Candidate &candidate, ConfigAttr) {
    if (record.error == MeasureError::WrongAnswer)
      wrong[t.index].insert(t.space->getKey(candidate));
  });
  forEachCandidate([&](TaskState &t, const Record &record,
                       const Candidate &candidate, ConfigAttr config) {
    std::string key = t.space->getKey(candidate);
    if (t.measured.insert(key).second)
      addResumed(state, t, record, candidate, config,
                 wrong[t.index].contains(key));
  });
  for (const Record &record : state.database->getRecords()) {
    ConfigAttr config = record.target == state.targetText
                            ? record.getConfig(ctx)
                            : ConfigAttr();
    if (config && !SketchRegistry::get().lookup(config.getSketch()) &&
        llvm::any_of(state.tasks,
                     [&](auto &t) { return t->task.key == record.taskKey; })) {
      unknownSketches.insert(config.getSketch());
      ++unknownRecords;
    }
  }
  if (unknownRecords) {
    std::vector<std::string> names;
    for (const auto &name : unknownSketches)
      names.push_back(name.getKey().str());
    llvm::sort(names);
    emitWarning(state.loc) << "tuner-tune: " << unknownRecords
                           << " records of this module's tasks name an "
                              "unknown sketch ("
                           << llvm::join(names, ", ")
                           << "); they are not resumed";
  }
}

/// Transfer: tasks without records of their own start from the adapted
/// configs of similar tasks in another database.
LogicalResult addTransferSeeds(TuningState &state) {
  const TuningOptions &o = state.options;
  if (o.records.transferFrom.empty())
    return success();
  std::string error;
  auto donors = Database::openWithDiagnostics(
      o.records.transferFrom, /*forAppend=*/false, state.loc, error);
  if (failed(donors))
    return emitError(state.loc) << "tuner-tune: transfer-from: " << error;
  for (auto &t : state.tasks) {
    if (!t->history.empty())
      continue;
    // In donor order: the nearest task first, its best config first (a
    // cost model of other shapes ranked them worse, see docs/Tuning.md).
    for (const TransferCandidate &c : getTransferCandidates(
             **donors, t->task, state.target, state.targetText)) {
      if (t->transferSeeds.size() >= o.records.transferSeeds)
        break;
      std::string why;
      FailureOr<Candidate> candidate = t->space->fromConfig(c.config, why);
      if (failed(candidate) || !t->space->isValid(*candidate))
        continue;
      if (t->transferKeys.insert(t->space->getKey(*candidate)).second)
        t->transferSeeds.push_back(*candidate);
    }
    t->report.transferSeeds = t->transferSeeds.size();
    state.report.transferTasks += !t->transferSeeds.empty();
  }
  return success();
}

LogicalResult createMeasurer(TuningState &state) {
  const TuningOptions::Measure &m = state.options.measure;
  MeasurerOptions mo;
  mo.workerExecutable =
      m.worker.empty() ? getDefaultWorkerExecutable() : m.worker;
  // 0: one builder per hardware thread (they pause while the runner times a
  // kernel, so they do not disturb the timings).
  mo.builders = m.builders
                    ? m.builders
                    : llvm::hardware_concurrency().compute_thread_count();
  mo.timing.repeats = m.repeats;
  mo.timing.minRepeatMs = m.minRepeatMs;
  mo.timeoutSeconds = m.timeout;
  mo.referenceTimeoutSeconds = m.referenceTimeout;
  mo.verify = m.verify;
  mo.verifyAll = m.verifyAll;
  mo.memoryLimitBytes = m.memoryLimitMB << 20;
  mo.gpu = state.target.isCUDA();
  mo.threads = state.target.getCores();
  mo.seed = state.options.search.seed;
  std::string error;
  FailureOr<std::unique_ptr<Measurer>> created =
      m.workers == WorkersMode::Local ? state.measurerInfo->factory(mo, error)
                                      : createLocalMeasurer(mo, error);
  if (succeeded(created) && m.workers == WorkersMode::MPI) {
    // The serving ranks measure with their own measurer of the kind
    // `measure=` names; rank 0 featurizes in worker processes of its own
    // (real features, even when the ranks simulate measurements).
    MPIMeasurerOptions remote{m.measurer, mo};
    remote.options.builders = m.builders;
    remote.options.workerExecutable = m.worker;
    created = createMPIMeasurer(remote, std::move(*created), error);
  }
  if (failed(created))
    return emitError(state.loc) << "tuner-tune: " << error;
  state.measurer = std::move(*created);
  // With workers=mpi, rank 0's own builders featurize (real features, even
  // when the ranks simulate measurements).
  state.featurizer =
      createFeaturizer(m.workers == WorkersMode::Local ? StringRef(m.measurer)
                                                       : StringRef("real"),
                       *state.measurer);
  return success();
}

/// One policy per task, and the task scheduler.
LogicalResult createPoliciesAndScheduler(TuningState &state) {
  const TuningOptions &o = state.options;
  unsigned numTasks = state.tasks.size();
  std::vector<ScheduledTask> scheduled;
  for (auto &t : state.tasks) {
    unsigned budget = (o.budget.trials + numTasks - 1) / numTasks;
    if (o.budget.perTaskTrials)
      budget = std::min(budget, o.budget.perTaskTrials);
    // A resumed task draws fresh randomness: with the seed of the run that
    // wrote the records, a policy would first propose what was measured.
    uint64_t seed = o.search.seed * 1000003 + t->index;
    if (t->report.resumed)
      seed += 0x9e3779b97f4a7c15ull * t->report.resumed;
    t->context = std::make_unique<PolicyContext>(
        PolicyContext{*t->space, t->measured, t->history, nullptr, seed,
                      o.search.policyOptions, budget});
    std::string error;
    auto policy = createSearchPolicy(o.search.policy, *t->context, error);
    if (failed(policy))
      return emitError(state.loc) << "tuner-tune: " << error;
    t->policy = std::move(*policy);
    scheduled.push_back(
        {static_cast<double>(t->task.weight),
         static_cast<double>(t->task.flops),
         t->task.occurrences.front().anchor->getName().getStringRef().str()});
  }
  std::string error;
  state.scheduler = createTaskScheduler(
      stringifyTaskSchedulerKind(o.search.taskScheduler), std::move(scheduled),
      o.search.taskSchedulerOptions, o.search.seed, error);
  if (!state.scheduler)
    return emitError(state.loc) << "tuner-tune: " << error;
  return success();
}
} // namespace

FailureOr<std::unique_ptr<TuningState>>
mlir::tuner::setUpTuning(ModuleOp module, const TuningOptions &options,
                         Location loc) {
  auto state = std::make_unique<TuningState>(module, loc);
  state->options = options;
  if (failed(openTargetAndDatabase(*state)))
    return failure();
  buildTasks(*state);
  if (state->tasks.empty()) {
    emitWarning(loc) << "tuner-tune: the module has no tuning task";
    return std::unique_ptr<TuningState>();
  }
  setTarget(module, state->target);
  resumeFromDatabase(*state);
  if (failed(addTransferSeeds(*state)) || failed(createMeasurer(*state)) ||
      failed(createPoliciesAndScheduler(*state)) ||
      failed(tuner::detail::createCostModels(*state)))
    return failure();
  TuningReport &r = state->report;
  r.target = state->target.getShortName();
  r.policy = options.search.policy;
  r.taskScheduler = state->scheduler->getName().str();
  return state;
}
