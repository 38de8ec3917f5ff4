//===- ProgressPrinter.cpp - live progress on stderr ----------------------===//
//
// After every trial: the task, the trials used, the task's best time and
// GFLOP/s, the errors, the time elapsed and the ETA. One rewritten line on a
// terminal, one line per trial otherwise (progress=on), nothing with
// progress=off or (auto) when stderr is not a terminal. Progress is not a
// diagnostic: it goes to stderr directly.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Driver/MeasureCallback.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tuner;

namespace {
std::string formatDuration(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0)
    return "-";
  int s = static_cast<int>(seconds + 0.5);
  return llvm::formatv("{0}:{1:d2}", s / 60, s % 60).str();
}

class ProgressPrinter : public MeasureCallback {
public:
  explicit ProgressPrinter(ProgressMode mode) {
    bool tty = llvm::sys::Process::StandardErrIsDisplayed();
    live = mode == ProgressMode::On || (mode == ProgressMode::Auto && tty);
    rewrite = tty;
  }

  StringRef getName() const override { return "progress-printer"; }

  LogicalResult onResult(TuningState &state, TaskState &task,
                         const MeasureResult &) override {
    if (!live)
      return success();
    const TuningOptions::Budget &b = state.options.budget;
    double elapsed = state.elapsed();
    double eta =
        state.used ? elapsed / state.used * (b.trials - state.used) : 0;
    if (b.timeBudget > 0)
      eta = std::min(eta, b.timeBudget - elapsed);
    const TaskReport &r = task.report;
    std::string best =
        std::isfinite(r.bestSeconds)
            ? llvm::formatv("{0:f3} ms {1:f1} GFLOP/s", r.bestSeconds * 1e3,
                            r.flops / r.bestSeconds / 1e9)
                  .str()
            : std::string("-");
    std::string line = llvm::formatv(
        "[tuner] task {0}/{1} {2} | trials {3}/{4} | best {5} | errors {6} | "
        "{7} elapsed, ETA {8}",
        task.index + 1, state.tasks.size(), r.name, state.used, b.trials, best,
        state.errors, formatDuration(elapsed), formatDuration(eta));
    if (rewrite) {
      llvm::errs() << "\r\x1b[K" << line;
      dirty = true;
    } else {
      llvm::errs() << line << "\n";
    }
    llvm::errs().flush();
    return success();
  }

  void end(TuningState &) override {
    if (dirty)
      llvm::errs() << "\n";
    dirty = false;
  }

private:
  bool live = false, rewrite = false, dirty = false;
};
} // namespace

std::unique_ptr<MeasureCallback>
mlir::tuner::createProgressPrinter(ProgressMode mode) {
  return std::make_unique<ProgressPrinter>(mode);
}
