//===- TuningReport.h - what a tuning run reports ---------------*- C++ -*-===//
//
// The summary of a `tuner-tune` run: per task what was measured, the best
// and default times, the final validation's re-timings, and for the run the
// end-to-end estimates and where the time went. Printed as a table on
// stderr and written as JSON with `report=` (docs/Tuning.md, "The report").
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_DRIVER_TUNINGREPORT_H
#define TUNER_TUNER_DRIVER_TUNINGREPORT_H

#include "mlir/Support/LLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <limits>
#include <string>
#include <vector>

namespace mlir::tuner {

constexpr double kNoTime = std::numeric_limits<double>::infinity();

/// One candidate of a task's final validation.
struct ValidatedCandidate {
  /// The printed #sched.config.
  std::string config;
  /// Its median during the search, and over all its re-timings (infinity
  /// when the re-timing failed).
  double searchSeconds = kNoTime, retimedSeconds = kNoTime;
  /// Whether it is the task's default config.
  bool isDefault = false;
  /// Its rank by search median among the task's measurements (0: the best).
  unsigned searchRank = 0;
};

/// What happened to one task.
struct TaskReport {
  std::string key, name;
  int64_t weight = 0, flops = 0;
  unsigned trials = 0, errors = 0, resumed = 0;
  /// Rounds (batches) the task scheduler gave the task.
  unsigned rounds = 0;
  /// Best median time during the search (seconds); infinity when nothing
  /// valid was measured.
  double bestSeconds = kNoTime;
  /// Median time of the default config: the faster of its measurements at
  /// the start and, with the drift check, at the end.
  double defaultSeconds = kNoTime;
  /// The drift check's measurement of the default (infinity without one).
  double defaultEndSeconds = kNoTime;
  /// Adapted configs of similar tasks measured first (transfer-from), and
  /// the best median among them (infinity without a valid one).
  unsigned transferSeeds = 0;
  double transferSeconds = kNoTime;
  /// One call of the task without a schedule (its naive lowering, the
  /// reference of the result check); infinity when it never ran.
  double untunedSeconds = kNoTime;
  /// The config the anchor ops are annotated with.
  std::string bestConfig;
  /// Whether the task got no trial and keeps its default (unmeasured)
  /// config; a task whose trials all failed is left unscheduled instead.
  bool usedDefault = false;
  /// Whether the task's ops were left without a config: no candidate was
  /// measured validly and checked against the reference.
  bool unscheduled = false;
  /// Trials whose outputs differed from the reference's (WRONG_ANSWER).
  unsigned wrongAnswers = 0;
  /// The final validation: the candidates re-timed (empty when there was
  /// none), the index of the chosen one, and whether the choice differs
  /// from the search's best.
  std::vector<ValidatedCandidate> validated;
  int chosen = -1;
  bool validationChangedWinner = false;
  /// Every trial of this run in order: seconds since the start of the run
  /// when it finished, and its median time (infinity when it failed).
  std::vector<std::pair<double, double>> trace;

  /// The chosen candidate of the final validation, or null.
  const ValidatedCandidate *getChosen() const {
    return chosen >= 0 ? &validated[chosen] : nullptr;
  }
};

struct TuningReport {
  std::string target, policy, taskScheduler;
  std::vector<TaskReport> tasks;
  unsigned trials = 0, errors = 0;
  /// Tasks left unscheduled (TaskReport::unscheduled).
  unsigned unscheduledTasks = 0;
  /// Whether a record could not be appended to the database (the ones
  /// after it were not written either).
  bool recordsLost = false;
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
  /// Wall-clock seconds the loop waited for the measurer (the rest of
  /// `seconds` is the search's: proposals, the cost model, callbacks).
  double measureSeconds = 0;
  unsigned modelUpdates = 0;
  /// Final validation settings (0 candidates: none), the tasks validated,
  /// and the sums over those tasks of weight x the re-timed default and
  /// chosen config.
  unsigned validationCandidates = 0, validationRounds = 0,
           validationRepeats = 0, validatedTasks = 0;
  double validatedDefaultLatency = 0, validatedLatency = 0;
};

llvm::json::Value reportToJSON(const TuningReport &report);

/// Writes `report` as JSON to `path` (atomically: a temporary file renamed
/// over it); an error at `loc` when it cannot.
LogicalResult writeReportFile(const TuningReport &report, StringRef path,
                              Location loc);
/// The summary table printed at the end of a run.
void printReport(const TuningReport &report, llvm::raw_ostream &os);

} // namespace mlir::tuner

#endif // TUNER_TUNER_DRIVER_TUNINGREPORT_H
