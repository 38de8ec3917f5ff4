//===- TuningOptions.h - the typed options of a tuning run ------*- C++ -*-===//
//
// Everything `tuner-tune` can be told, typed and grouped by the part of the
// run it concerns. The pass (TunePass.cpp) turns its TableGen options into
// one TuningOptions and checks it once with verifyTuningOptions, before
// anything is opened or measured; the rest of the driver reads only this
// struct. Closed sets of choices are enums; the search policy and the
// measurer are names checked against their registries (SearchPolicy.h,
// Measurer.h), which tools and tests extend; the target is resolved to a
// #sched.target once the module is known (TuningSetup).
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_DRIVER_TUNINGOPTIONS_H
#define TUNER_TUNER_DRIVER_TUNINGOPTIONS_H

#include "mlir/IR/Location.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringMap.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir::tuner {

/// Live progress on stderr and the summary table (`progress=`).
enum class ProgressMode {
  /// Live progress when stderr is a terminal; the summary table always.
  Auto,
  /// Live progress always (one line per trial when not a terminal).
  On,
  /// Neither progress nor the summary table.
  Off,
};

/// Which tasks share a cost model (`families=`, FamilySeer).
enum class FamilyMode {
  /// One model for all tasks.
  None,
  /// One model per anchor op name.
  Op,
  /// One model per task.
  Key,
};

/// Which task gets the next round (`task-scheduler=`, TaskScheduler.h).
enum class TaskSchedulerKind { RoundRobin, Gradient };

/// Where candidates are measured (`workers=`).
enum class WorkersMode {
  /// Worker processes of this process.
  Local,
  /// The other ranks of an MPI job (Measure/MPI.h).
  MPI,
};

/// The cost model (`cost-model=`, CostModel.h).
enum class CostModelKind {
  /// XGBoost when libxgboost loads, else random (with a remark).
  Auto,
  XGBoost,
  Random,
  /// No model: model-guided policies rank at random.
  None,
};

/// Largest accepted values of the numeric options: beyond them a run could
/// not finish, or would ask the machine for more than it can give, and is
/// refused as a mistake.
constexpr unsigned kMaxTrials = 1000000;
constexpr unsigned kMaxBatchSize = 4096;
constexpr unsigned kMaxRepeats = 10000;
constexpr unsigned kMaxBuilders = 1024;
constexpr double kMaxTimeoutSeconds = 86400;
constexpr double kMaxMinRepeatMs = 60000;
/// Smallest memory limit (MiB) a worker works under. Measured (LLVM 22,
/// x86-64): under 256 MiB no worker starts (exec fails: the tool's shared
/// libraries alone map more), under 320 a builder aborts compiling a 64^3
/// matmul, from 384 a 64^3 matmul and examples/workloads/mlp_3layer.mlir
/// build and run; 512 leaves room for larger tasks.
constexpr uint64_t kMinMemoryLimitMB = 512;
constexpr unsigned kMaxValidationCandidates = 64;
constexpr unsigned kMaxValidationRounds = 100;

struct TuningOptions {
  /// `target=`: host, cpu[:isa][:Nt], cuda:sm_XY, or a #sched.target
  /// attribute (Target.h); empty: the module's sched.target, else the host.
  std::string target = "host";
  /// `precision=`: "tf32" lets a CUDA target's f32 matmuls run on tensor
  /// cores (the target's tf32 feature); "" or "f32": as written.
  std::string precision;

  /// How many measurements, and how they are split into rounds.
  struct Budget {
    /// Measurements in total over all tasks (`trials`, 1..kMaxTrials);
    /// resumed records count.
    unsigned trials = 64;
    /// Wall-clock budget in seconds (`time-budget`; 0: none).
    double timeBudget = 0;
    /// Measurements per task (`per-task-trials`; 0: no per-task limit).
    unsigned perTaskTrials = 0;
    /// Candidates proposed and measured per round (`batch-size`).
    unsigned batchSize = 16;
  } budget;

  /// What proposes the candidates.
  struct Search {
    /// A registered search policy (`policy=`; SearchPolicy.h).
    std::string policy = "evolutionary";
    /// Its options, `name=value` (`policy-options=`; each policy reads and
    /// checks its own, docs/Search.md).
    llvm::StringMap<std::string> policyOptions;
    TaskSchedulerKind taskScheduler = TaskSchedulerKind::RoundRobin;
    /// `task-scheduler-options=` (gradient: alpha, beta, window,
    /// eps-greedy, warmup-rounds).
    llvm::StringMap<std::string> taskSchedulerOptions;
    /// Seed of the policies, the scheduler and the kernels' inputs.
    uint64_t seed = 0;
    /// Measure, right after each task's default config, the configs that
    /// differ from it in one categorical knob of at most 4 options
    /// (`default-neighbours=`).
    bool defaultNeighbours = true;
    /// Only these sketches (`sketches=`; default: all that apply).
    std::vector<std::string> sketches;
  } search;

  /// The cost model the policies rank candidates with.
  struct Model {
    CostModelKind kind = CostModelKind::Auto;
    /// `cost-model-options=`, `name=value`.
    llvm::StringMap<std::string> options;
    /// Loaded when it exists, saved after every update (`cost-model-file`;
    /// default: the database path + ".model.json").
    std::string file;
    FamilyMode families = FamilyMode::None;
  } costModel;

  /// How candidates are measured.
  struct Measure {
    /// A registered measurer (`measure=`; Measurer.h): `real` builds and
    /// runs candidates in worker processes.
    std::string measurer = "real";
    /// Where that measurer runs (`workers=`): here, or on the other ranks of
    /// an MPI job, each with a measurer of this kind.
    WorkersMode workers = WorkersMode::Local;
    /// Executable of the worker processes (default: this executable).
    std::string worker;
    /// Parallel builder processes (0: one per hardware thread).
    unsigned builders = 0;
    /// Timed repeats per candidate, each at least `minRepeatMs` long.
    unsigned repeats = 3;
    double minRepeatMs = 20;
    /// Seconds allowed to build, and to run, one candidate.
    double timeout = 15;
    /// Seconds allowed to build the task's reference, and to run it once to
    /// compute the outputs candidates are checked against (a job of its
    /// own: no candidate ever gets more than `timeout`).
    double referenceTimeout = 150;
    /// Check outputs against the reference (first valid candidate and each
    /// new best), or every candidate's (`verifyAll`).
    bool verify = true;
    bool verifyAll = false;
    /// Address-space limit of each worker in MiB (0: none).
    uint64_t memoryLimitMB = 8192;
    /// Re-measure each task's default at the end and warn on a drift.
    bool driftCheck = true;
  } measure;

  /// Re-timing of the winners before a config is written (`final-validation`).
  struct FinalValidation {
    /// The best distinct candidates of each task re-timed together with its
    /// default (0: no final validation).
    unsigned candidates = 3;
    /// Interleaved rounds over them (each `repeats` repeats per candidate).
    unsigned rounds = 5;
  } finalValidation;

  /// Where records come from and go to.
  struct Records {
    /// Database file (empty: measurements are not recorded).
    std::string database;
    /// Continue from the database's records: they are not measured again
    /// and count against the budgets.
    bool resume = false;
    /// A database of other models or shapes to seed the search from
    /// (transfer-tuning): `transferSeeds` adapted configs per task without
    /// records, measured right after the default config.
    std::string transferFrom;
    unsigned transferSeeds = 4;
  } records;

  /// What the run reports.
  struct Output {
    ProgressMode progress = ProgressMode::Auto;
    /// Write the summary as JSON to this file (`report=`).
    std::string report;
  } output;
};

/// The enum value named by an option's text, or nullopt.
std::optional<ProgressMode> parseProgressMode(StringRef text);
std::optional<FamilyMode> parseFamilyMode(StringRef text);
std::optional<TaskSchedulerKind> parseTaskSchedulerKind(StringRef text);
std::optional<CostModelKind> parseCostModelKind(StringRef text);
std::optional<WorkersMode> parseWorkersMode(StringRef text);
StringRef stringifyTaskSchedulerKind(TaskSchedulerKind kind);
StringRef stringifyCostModelKind(CostModelKind kind);

/// `name=value` list options as a map (a later name wins).
llvm::StringMap<std::string> parseOptionList(ArrayRef<std::string> list);

/// Checks everything about `options` that does not need the module: ranges
/// of the numbers, the registries' names, option combinations, and that
/// every output (report, database, cost-model file) can be written. Emits
/// each problem as an error at `loc`; fails if there was one.
LogicalResult verifyTuningOptions(const TuningOptions &options, Location loc);

/// Fails with an error at `loc` (naming `what`) unless `path` can be
/// written: an existing regular file that is writable, or a new file in an
/// existing, writable directory. Creates and truncates nothing.
LogicalResult checkWritable(StringRef path, StringRef what, Location loc);

} // namespace mlir::tuner

#endif // TUNER_TUNER_DRIVER_TUNINGOPTIONS_H
