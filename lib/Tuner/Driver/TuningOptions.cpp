//===- TuningOptions.cpp - the typed options of a tuning run --------------===//
//
// Names of the enum options, and the one place where a run's options are
// checked (verifyTuningOptions): every number in a range that makes sense,
// every name known to its registry, every output writable, before anything
// is measured. See TuningOptions.h.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Driver/TuningOptions.h"

#include "Tuner/Support/ToolFiles.h"

#include "Tuner/Tuner/CostModel/CostModel.h"
#include "Tuner/Tuner/Measure/MPI.h"
#include "Tuner/Tuner/Measure/Measurer.h"
#include "Tuner/Tuner/Search/SearchPolicy.h"
#include "Tuner/Tuner/Sketch/Sketch.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tuner;

std::optional<ProgressMode> mlir::tuner::parseProgressMode(StringRef text) {
  return llvm::StringSwitch<std::optional<ProgressMode>>(text)
      .Case("auto", ProgressMode::Auto)
      .Case("on", ProgressMode::On)
      .Case("off", ProgressMode::Off)
      .Default(std::nullopt);
}

std::optional<FamilyMode> mlir::tuner::parseFamilyMode(StringRef text) {
  return llvm::StringSwitch<std::optional<FamilyMode>>(text)
      .Case("none", FamilyMode::None)
      .Case("op", FamilyMode::Op)
      .Case("key", FamilyMode::Key)
      .Default(std::nullopt);
}

std::optional<TaskSchedulerKind>
mlir::tuner::parseTaskSchedulerKind(StringRef text) {
  return llvm::StringSwitch<std::optional<TaskSchedulerKind>>(text)
      .Case("round-robin", TaskSchedulerKind::RoundRobin)
      .Case("gradient", TaskSchedulerKind::Gradient)
      .Default(std::nullopt);
}

std::optional<CostModelKind> mlir::tuner::parseCostModelKind(StringRef text) {
  return llvm::StringSwitch<std::optional<CostModelKind>>(text)
      .Case("auto", CostModelKind::Auto)
      .Case("xgboost", CostModelKind::XGBoost)
      .Case("random", CostModelKind::Random)
      .Case("none", CostModelKind::None)
      .Default(std::nullopt);
}

std::optional<WorkersMode> mlir::tuner::parseWorkersMode(StringRef text) {
  return llvm::StringSwitch<std::optional<WorkersMode>>(text)
      .Case("local", WorkersMode::Local)
      .Case("mpi", WorkersMode::MPI)
      .Default(std::nullopt);
}

StringRef mlir::tuner::stringifyTaskSchedulerKind(TaskSchedulerKind kind) {
  return kind == TaskSchedulerKind::Gradient ? "gradient" : "round-robin";
}

StringRef mlir::tuner::stringifyCostModelKind(CostModelKind kind) {
  switch (kind) {
  case CostModelKind::Auto:
    return "auto";
  case CostModelKind::XGBoost:
    return "xgboost";
  case CostModelKind::Random:
    return "random";
  case CostModelKind::None:
    return "none";
  }
  return "none";
}

llvm::StringMap<std::string>
mlir::tuner::parseOptionList(ArrayRef<std::string> list) {
  llvm::StringMap<std::string> map;
  for (const std::string &kv : list) {
    auto [name, value] = StringRef(kv).split('=');
    map[name] = value.str();
  }
  return map;
}

LogicalResult mlir::tuner::checkWritable(StringRef path, StringRef what,
                                         Location loc) {
  namespace fs = llvm::sys::fs;
  auto fail = [&](StringRef why) {
    return emitError(loc) << "tuner-tune: cannot write " << what << " '" << path
                          << "': " << why;
  };
  fs::file_status status;
  if (!fs::status(path, status)) {
    if (fs::is_directory(status))
      return fail("it is a directory");
    if (std::error_code ec = fs::access(path, fs::AccessMode::Write))
      return fail(ec.message());
    return success();
  }
  // A new file: its directory must exist and be writable.
  StringRef dir = llvm::sys::path::parent_path(path);
  if (dir.empty())
    dir = ".";
  if (!fs::is_directory(dir))
    return fail("no such directory '" + dir.str() + "'");
  if (std::error_code ec = fs::access(dir, fs::AccessMode::Write))
    return fail("directory '" + dir.str() + "': " + ec.message());
  return success();
}

namespace {
/// A file a run reads or writes, named by the option that gives it.
struct RunFile {
  std::string what, path;
  bool output;
};

/// Whether `a` and `b` name the same file: the same inode when both exist,
/// else the same absolute path without dots.
bool isSameFile(StringRef a, StringRef b) {
  namespace fs = llvm::sys::fs;
  bool same = false;
  if (fs::exists(a) && fs::exists(b))
    return !fs::equivalent(a, b, same) && same;
  auto normalize = [](StringRef path) {
    SmallString<256> p(path);
    (void)fs::make_absolute(p);
    llvm::sys::path::remove_dots(p, /*remove_dot_dot=*/true);
    return std::string(p);
  };
  return normalize(a) == normalize(b);
}

/// Whether writing `path` can lose nothing: stdout, or a device (/dev/null).
bool isHarmlessOutput(StringRef path) {
  namespace fs = llvm::sys::fs;
  fs::file_status status;
  return path == "-" || (!fs::status(path, status) &&
                         status.type() != fs::file_type::regular_file &&
                         status.type() != fs::file_type::directory_file);
}

/// The files of a run: the tool's input and -o (ToolFiles.h), the module's
/// file, the database, the report, the cost model's file, transfer-from.
SmallVector<RunFile> collectRunFiles(const TuningOptions &o, Location loc) {
  SmallVector<RunFile> files;
  auto add = [&](StringRef what, StringRef path, bool output) {
    if (!path.empty() && !path.starts_with("<") &&
        !(output && isHarmlessOutput(path)) && path != "-")
      files.push_back({what.str(), path.str(), output});
  };
  const ToolFiles &tool = getToolFiles();
  add("the input file", tool.input, false);
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    add("the input file", file.getFilename(), false);
  add("-o", tool.output, true);
  add("database=", o.records.database, true);
  add("report=", o.output.report, true);
  if (o.costModel.kind != CostModelKind::None) {
    if (!o.costModel.file.empty())
      add("cost-model-file=", o.costModel.file, true);
    else if (!o.records.database.empty())
      add("the cost model saved beside the database",
          o.records.database + ".model.json", true);
  }
  add("transfer-from=", o.records.transferFrom, false);
  return files;
}

/// Every output of a run is a file of its own: not another output, not an
/// input (appending to the database that transfer-from reads is fine).
LogicalResult checkDistinctFiles(const TuningOptions &o, Location loc) {
  SmallVector<RunFile> files = collectRunFiles(o, loc);
  for (size_t i = 0; i < files.size(); ++i) {
    for (size_t j = i + 1; j < files.size(); ++j) {
      const RunFile &a = files[i], &b = files[j];
      if ((!a.output && !b.output) ||
          (a.what == "database=" && b.what == "transfer-from=") ||
          !isSameFile(a.path, b.path))
        continue;
      return emitError(loc)
             << "tuner-tune: " << b.what << " '" << b.path
             << "' is the same file as " << a.what << " '" << a.path
             << "': every file a run writes must be a file of its own, and "
                "none may be its input";
    }
  }
  return success();
}

/// Collects the problems of a TuningOptions as errors at one location.
struct Checker {
  Location loc;
  bool ok = true;

  InFlightDiagnostic error() {
    ok = false;
    return emitError(loc) << "tuner-tune: ";
  }
  void atLeast(StringRef name, uint64_t value, uint64_t min) {
    if (value < min)
      error() << name << " must be at least " << min;
  }
  void atMost(StringRef name, uint64_t value, uint64_t max) {
    if (value > max)
      error() << name << " must be at most " << max << " (got " << value << ")";
  }
  /// A finite number in (0, max] (or [0, max] with `zeroAllowed`).
  void seconds(StringRef name, double value, double max, bool zeroAllowed) {
    bool inRange = std::isfinite(value) &&
                   (zeroAllowed ? value >= 0 : value > 0) && value <= max;
    auto text = [](double x) {
      return llvm::formatv("{0}", llvm::format("%g", x)).str();
    };
    if (!inRange)
      error() << name << " must be a number in " << (zeroAllowed ? "[" : "(")
              << "0, " << text(max) << "] (got " << text(value) << ")";
  }
  void known(StringRef what, StringRef name, ArrayRef<std::string> available) {
    if (!llvm::is_contained(available, name))
      error() << "unknown " << what << " '" << name
              << "'; available: " << llvm::join(available, " ");
  }
};
} // namespace

LogicalResult mlir::tuner::verifyTuningOptions(const TuningOptions &o,
                                               Location loc) {
  Checker c{loc};
  // The budget.
  c.atLeast("trials", o.budget.trials, 1);
  c.atMost("trials", o.budget.trials, kMaxTrials);
  c.atMost("per-task-trials", o.budget.perTaskTrials, kMaxTrials);
  c.seconds("time-budget", o.budget.timeBudget, 1e9, /*zeroAllowed=*/true);
  c.atLeast("batch-size", o.budget.batchSize, 1);
  c.atMost("batch-size", o.budget.batchSize, kMaxBatchSize);

  if (!o.precision.empty())
    c.known("precision", o.precision,
            {std::string("f32"), std::string("tf32")});

  // The search and the cost model.
  c.known("policy", o.search.policy, getSearchPolicyNames());
  for (const std::string &name : o.search.sketches)
    if (!SketchRegistry::get().lookup(name))
      c.error() << "unknown sketch '" << name << "'";

  // Measurement.
  c.known("measure", o.measure.measurer, getMeasurerNames());
  c.atMost("builders", o.measure.builders, kMaxBuilders);
  if (o.measure.workers == WorkersMode::MPI) {
    std::string why;
    if (!canMeasureOnMPI(why))
      c.error() << "workers=mpi: " << why;
  }
  c.atLeast("repeats", o.measure.repeats, 1);
  c.atMost("repeats", o.measure.repeats, kMaxRepeats);
  c.seconds("min-repeat-ms", o.measure.minRepeatMs, kMaxMinRepeatMs,
            /*zeroAllowed=*/true);
  c.seconds("timeout", o.measure.timeout, kMaxTimeoutSeconds,
            /*zeroAllowed=*/false);
  c.seconds("reference-timeout", o.measure.referenceTimeout, kMaxTimeoutSeconds,
            /*zeroAllowed=*/false);
  if (o.measure.memoryLimitMB != 0 &&
      o.measure.memoryLimitMB < kMinMemoryLimitMB)
    c.error() << "memory-limit must be 0 (no limit) or at least "
              << kMinMemoryLimitMB << " MiB (got " << o.measure.memoryLimitMB
              << "): a worker cannot start with less";
  // MiB to bytes must not overflow (2^44 MiB = 16 EiB).
  c.atMost("memory-limit", o.measure.memoryLimitMB, uint64_t(1) << 43);
  c.atMost("final-validation", o.finalValidation.candidates,
           kMaxValidationCandidates);
  c.atLeast("final-validation-rounds", o.finalValidation.rounds, 1);
  c.atMost("final-validation-rounds", o.finalValidation.rounds,
           kMaxValidationRounds);

  // Records.
  if (o.records.resume && o.records.database.empty())
    c.error() << "resume needs a database";
  c.atMost("transfer-seeds", o.records.transferSeeds, kMaxBatchSize);

  // Outputs: noticed now, not after the search (the database is opened for
  // appending by the setup, which reports its own errors).
  if (!c.ok || failed(checkDistinctFiles(o, loc)))
    return failure();
  if (!o.output.report.empty() &&
      failed(checkWritable(o.output.report, "report", loc)))
    return failure();
  // The default cost-model file lives beside the database, whose opening
  // reports that directory's problems.
  if (o.costModel.kind != CostModelKind::None && !o.costModel.file.empty() &&
      failed(checkWritable(o.costModel.file, "cost-model file", loc)))
    return failure();
  return success();
}
