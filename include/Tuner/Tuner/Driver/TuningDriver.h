//===- TuningDriver.h - tune every task of a module -------------*- C++ -*-===//
//
// The measurement loop of `tuner-tune`: extract the tasks, build each task's
// space, let a task scheduler pick which task gets the next batch, ask the
// task's policy for candidates, measure them (builders and a runner in worker
// processes, or the fake measurer), append every measurement to the
// database, tell the policy, and finally annotate each anchor op with the
// best #sched.config found.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_DRIVER_TUNINGDRIVER_H
#define TUNER_TUNER_DRIVER_TUNINGDRIVER_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"

#include <limits>
#include <string>
#include <vector>

namespace mlir::tuner {

struct TuningOptions {
  /// host, cpu[:isa][:Nt], cuda:sm_XY, or a #sched.target attribute.
  std::string target;
  std::string policy = "evolutionary";
  /// Policy options, `name=value`.
  llvm::StringMap<std::string> policyOptions;
  /// xgboost, random, none, or auto (xgboost when libxgboost loads, else
  /// random).
  std::string costModel = "auto";
  /// Cost model options, `name=value`.
  llvm::StringMap<std::string> costModelOptions;
  /// Where the cost model is loaded from (when the file exists) and saved
  /// to after every update; default: the database path + ".model.json".
  std::string costModelFile;
  /// round-robin or gradient (TaskScheduler.h).
  std::string taskScheduler = "round-robin";
  /// Task scheduler options, `name=value`.
  llvm::StringMap<std::string> taskSchedulerOptions;
  /// Which tasks share a cost model: none (one model for all tasks), op
  /// (one per anchor op), key (one per task).
  std::string families = "none";
  /// Measurements in total, over all tasks (at least 1).
  unsigned trials = 64;
  /// Wall-clock budget in seconds (0: none).
  double timeBudget = 0;
  /// Measurements per task (0: no per-task limit).
  unsigned perTaskTrials = 0;
  /// Candidates proposed and measured per round.
  unsigned batchSize = 16;
  uint64_t seed = 0;
  /// Database file (empty: measurements are not recorded).
  std::string database;
  /// Continue from the database's records: they are not measured again and
  /// count against the budgets.
  bool resume = false;
  /// A database of other models or shapes to seed the search from: per
  /// task without records, `transferSeeds` adapted configs of the most
  /// similar recorded tasks are measured right after the default config
  /// (nearest task first, its best config first).
  std::string transferFrom;
  unsigned transferSeeds = 4;
  unsigned builders = 1;
  unsigned repeats = 3;
  double minRepeatMs = 20;
  /// Limit for building, and for running, one candidate (seconds).
  double timeout = 15;
  bool verify = true;
  /// Check every candidate (not only the first valid one and new bests).
  bool verifyAll = false;
  /// auto (live progress when stderr is a terminal), on, off (no summary).
  std::string progress = "auto";
  /// Write the summary as JSON to this file.
  std::string report;
  /// real, or fake (tests of the driver only).
  std::string measure = "real";
  /// Executable of the worker processes (default: this executable).
  std::string worker;
  /// Only these sketches (default: all sketches for the target).
  std::vector<std::string> sketches;
  /// Re-measure each task's default at the end and warn on a drift.
  bool driftCheck = true;
  /// Address-space limit of each worker in MiB (0: none).
  uint64_t memoryLimitMB = 8192;
};

/// What happened to one task.
struct TaskReport {
  std::string key, name;
  int64_t weight = 0, flops = 0;
  unsigned trials = 0, errors = 0, resumed = 0;
  /// Rounds (batches) the task scheduler gave the task.
  unsigned rounds = 0;
  /// Best median time (seconds); infinity when nothing valid was measured.
  double bestSeconds = std::numeric_limits<double>::infinity();
  /// Median time of the default config: the faster of its measurements at
  /// the start and, with the drift check, at the end.
  double defaultSeconds = std::numeric_limits<double>::infinity();
  /// The drift check's measurement of the default (infinity without one).
  double defaultEndSeconds = std::numeric_limits<double>::infinity();
  /// Adapted configs of similar tasks measured first (transfer-from), and
  /// the best median among them (infinity without a valid one).
  unsigned transferSeeds = 0;
  double transferSeconds = std::numeric_limits<double>::infinity();
  /// One call of the task without a schedule (its naive lowering, the
  /// reference of the result check); infinity when it never ran.
  double untunedSeconds = std::numeric_limits<double>::infinity();
  std::string bestConfig;
  /// Whether the annotation is the default because nothing valid was found.
  bool usedDefault = false;
  /// Every trial of this run in order: seconds since the start of the run
  /// when it finished, and its median time (infinity when it failed).
  std::vector<std::pair<double, double>> trace;
};

struct TuningReport {
  std::string target, policy, taskScheduler;
  std::vector<TaskReport> tasks;
  unsigned trials = 0, errors = 0;
  double seconds = 0;
  double buildSeconds = 0, runSeconds = 0;
  /// Sum over tasks of weight x time, best, default and untuned (the
  /// untuned sum covers the tasks whose reference ran).
  double bestLatency = 0, defaultLatency = 0, untunedLatency = 0;
  /// transfer-from: tasks seeded by transfer, and the sum over all tasks of
  /// weight x (the faster of the default and the best transferred config):
  /// what transfer gives before any search.
  unsigned transferTasks = 0;
  double transferLatency = 0;
  /// The cost model ("none" without one), whether it started from a saved
  /// model, and where the search's time went.
  std::string costModel = "none";
  bool costModelWarm = false;
  /// Cost models: one per family of tasks.
  unsigned costModelFamilies = 0;
  double featurizeSeconds = 0, trainSeconds = 0, predictSeconds = 0;
  unsigned modelUpdates = 0;
};

/// Tunes `module` and annotates its anchor ops with #sched.config; reports
/// problems as diagnostics on the module or the ops.
FailureOr<TuningReport> tuneModule(ModuleOp module,
                                   const TuningOptions &options);

llvm::json::Value reportToJSON(const TuningReport &report);
/// The summary table printed at the end of a run.
void printReport(const TuningReport &report, llvm::raw_ostream &os);

} // namespace mlir::tuner

#endif // TUNER_TUNER_DRIVER_TUNINGDRIVER_H
