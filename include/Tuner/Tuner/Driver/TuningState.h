//===- TuningState.h - the state of a tuning run ----------------*- C++ -*-===//
//
// What the tuning loop works on, made once by the setup (TuningSetup.cpp):
// the checked options, the target, one TaskState per task (its space,
// policy, history and report), the database, the measurer, the cost models
// (one per family of tasks) and the task scheduler. Measure callbacks
// (MeasureCallback.h) read and update it.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_DRIVER_TUNINGSTATE_H
#define TUNER_TUNER_DRIVER_TUNINGSTATE_H

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"
#include "Tuner/Tuner/CostModel/CostModel.h"
#include "Tuner/Tuner/Database/Database.h"
#include "Tuner/Tuner/Driver/Featurizer.h"
#include "Tuner/Tuner/Driver/TuningOptions.h"
#include "Tuner/Tuner/Driver/TuningReport.h"
#include "Tuner/Tuner/Measure/Measurer.h"
#include "Tuner/Tuner/Search/SearchPolicy.h"
#include "Tuner/Tuner/Search/TaskScheduler.h"
#include "Tuner/Tuner/Search/TaskScorer.h"
#include "Tuner/Tuner/Task/TaskExtraction.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringSet.h"

#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace mlir::tuner {

/// A cost model shared by a family of tasks, and where it is saved.
struct FamilyModel {
  std::string name;
  std::unique_ptr<CostModel> model;
  /// Empty: not saved.
  std::string file;
  /// Whether it was loaded from `file` (a warm start).
  bool warm = false;
};

/// Everything the driver keeps about one task.
struct TaskState {
  /// Position in TuningState::tasks (the task scheduler's index).
  size_t index = 0;
  Task task;
  std::unique_ptr<SearchSpace> space;
  /// Keys of every candidate measured or about to be (resumed included).
  llvm::StringSet<> measured;
  /// Every measurement, oldest first (resumed records included).
  std::vector<MeasuredCandidate> history;
  std::unique_ptr<PolicyContext> context;
  std::unique_ptr<SearchPolicy> policy;
  /// Cost-model scores of candidates (null without a cost model).
  std::unique_ptr<TaskScorer> scorer;
  /// The cost model of the task's family (null without a cost model).
  FamilyModel *family = nullptr;
  /// Labels of the cost model's samples are throughputs relative to the
  /// task's first valid measurement (only their order matters).
  double labelReference = 0;
  MeasureTask measureTask;
  /// The task's workload as records describe it.
  llvm::json::Object workload;
  TaskReport report;
  /// The task gets no more rounds (budget spent or nothing left to try).
  bool exhausted = false;
  /// The fastest trusted (checked) config so far; then, after the final
  /// validation, the config to annotate.
  sched::ConfigAttr bestConfig;
  Candidate defaultCandidate;
  /// default-neighbours: the default with one categorical knob changed,
  /// measured right after it.
  std::vector<Candidate> defaultNeighbours;
  /// transfer-from: adapted configs to measure first, and their keys.
  std::vector<Candidate> transferSeeds;
  llvm::StringSet<> transferKeys;
};

/// One measured candidate, as the loop and the callbacks see it.
struct MeasureResult {
  Candidate candidate;
  sched::ConfigAttr config;
  MeasureOutput output;
  /// Median of output.seconds; infinity when the measurement failed.
  double median = kNoTime;

  bool isValid() const {
    return output.error == MeasureError::None && !output.seconds.empty();
  }
};

/// The whole run.
struct TuningState {
  using Clock = std::chrono::steady_clock;

  ModuleOp module;
  /// Where run-level diagnostics go (the module's, or its file's).
  Location loc;
  TuningOptions options;
  sched::TargetAttr target;
  /// The target as records print it.
  std::string targetText;
  std::vector<std::unique_ptr<TaskState>> tasks;
  /// Null without `database=`.
  std::unique_ptr<Database> database;
  const MeasurerInfo *measurerInfo = nullptr;
  std::unique_ptr<Measurer> measurer;
  /// The cost model's features of candidates (through the measurer's
  /// builders unless the measurer brings its own).
  std::unique_ptr<Featurizer> featurizer;
  /// Cost models, one per family (empty without a cost model).
  std::vector<std::unique_ptr<FamilyModel>> families;
  std::unique_ptr<TaskScheduler> scheduler;
  TuningReport report;
  /// Trials so far (resumed ones included) and failed ones.
  unsigned used = 0, errors = 0;
  /// A callback failed (e.g. the database cannot be written): the loop
  /// stops after the batch in flight and the run fails.
  bool failed = false;
  Clock::time_point start = Clock::now();

  explicit TuningState(ModuleOp module, Location loc)
      : module(module), loc(loc) {}

  MLIRContext *getContext() const { return loc.getContext(); }
  double elapsed() const {
    return std::chrono::duration<double>(Clock::now() - start).count();
  }
  bool outOfTime() const {
    return options.budget.timeBudget > 0 &&
           elapsed() >= options.budget.timeBudget;
  }
};

} // namespace mlir::tuner

#endif // TUNER_TUNER_DRIVER_TUNINGSTATE_H
