//===- TuningReport.cpp - annotation and the report of a tuning run -------===//
//
// The end of a run: every anchor op gets its task's config, the run's report
// is filled from the tasks' reports, printed as a table on stderr and
// written as JSON (report=), atomically, so that an earlier report is only
// replaced by a complete one.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Driver/TuningDriver.h"

#include "Internal.h"

#include "Tuner/Dialect/Sched/IR/SchedDialect.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;

double mlir::tuner::detail::gflops(int64_t flops, double seconds) {
  return std::isfinite(seconds) && seconds > 0 ? flops / seconds / 1e9 : 0;
}

std::string mlir::tuner::detail::printAttr(Attribute attr) {
  std::string s;
  llvm::raw_string_ostream os(s);
  attr.print(os);
  return s;
}

using tuner::detail::gflops;

/// Warns that task `t` has no valid, checked config, with what its trials
/// ended in.
static void warnUnscheduled(const TaskState &t) {
  const TaskReport &r = t.report;
  InFlightDiagnostic diag = t.task.occurrences.front().anchor->emitWarning()
                            << "tuner-tune: no valid, checked config for task '"
                            << r.name << "' (" << r.trials << " trials";
  if (r.trials)
    diag << ": " << r.wrongAnswers << " wrong answers, "
         << r.errors - r.wrongAnswers << " other errors";
  diag << "): its ops are left unscheduled";
}

void mlir::tuner::annotateModule(TuningState &state) {
  MLIRContext *ctx = state.getContext();
  TuningReport &report = state.report;
  for (auto &t : state.tasks) {
    TaskReport &r = t->report;
    ConfigAttr config = t->bestConfig;
    // A task the budget gave no trial keeps its default schedule, as
    // sched-apply-default gives it: unscheduled, its ops would run as host
    // loops (on a GPU, over managed memory), which no measurement asked for.
    // A task whose trials all failed stays unscheduled.
    bool defaulted = false;
    if (!config && r.trials == 0 && t->space &&
        t->space->isValid(t->defaultCandidate)) {
      config = t->space->toConfig(ctx, t->defaultCandidate);
      defaulted = true;
      t->task.occurrences.front().anchor->emitRemark()
          << "tuner-tune: task '" << r.name
          << "' got no trial; it keeps its default config";
    }
    if (!config)
      warnUnscheduled(*t);
    r.usedDefault = defaulted;
    r.unscheduled = !config;
    report.unscheduledTasks += r.unscheduled;
    r.bestConfig = config ? tuner::detail::printAttr(config) : "";
    auto taskAttr =
        TaskAttr::get(ctx, t->task.key, t->task.weight, t->task.flops);
    for (const FusedGroup &group : t->task.occurrences) {
      setTask(group.anchor, taskAttr);
      // Without a checked config the op is left alone (a config it had in
      // the input is dropped: nothing says it computes the right thing).
      if (config)
        setConfig(group.anchor, config);
      else
        group.anchor->removeAttr(SchedDialect::kConfigAttrName);
    }
    if (t->measureTask.untunedSeconds > 0)
      r.untunedSeconds = t->measureTask.untunedSeconds;
    if (std::isfinite(r.untunedSeconds))
      report.untunedLatency += r.weight * r.untunedSeconds;
    if (std::isfinite(r.bestSeconds))
      report.bestLatency += r.weight * r.bestSeconds;
    if (std::isfinite(r.defaultSeconds))
      report.defaultLatency += r.weight * r.defaultSeconds;
    if (report.transferTasks)
      report.transferLatency +=
          r.weight * std::min(r.defaultSeconds, r.transferSeconds);
    if (const ValidatedCandidate *chosen = r.getChosen()) {
      auto def = llvm::find_if(
          r.validated, [](const ValidatedCandidate &v) { return v.isDefault; });
      ++report.validatedTasks;
      report.validatedLatency += r.weight * chosen->retimedSeconds;
      if (def != r.validated.end() && std::isfinite(def->retimedSeconds))
        report.validatedDefaultLatency += r.weight * def->retimedSeconds;
    }
    report.tasks.push_back(r);
  }
  report.trials = state.used;
  report.errors = state.errors;
  report.seconds = state.elapsed();
  if (state.families.empty())
    return;
  report.costModel = state.families.front()->model->getName().str();
  report.costModelFamilies = state.families.size();
  for (auto &family : state.families) {
    report.costModelWarm |= family->warm;
    report.trainSeconds += family->model->getTrainSeconds();
    report.predictSeconds += family->model->getPredictSeconds();
  }
  for (auto &t : state.tasks)
    report.featurizeSeconds += t->scorer->getFeaturizeSeconds();
}

LogicalResult mlir::tuner::writeReportFile(const TuningReport &report,
                                           StringRef path, Location loc) {
  // Written to a temporary file renamed over the report: an existing
  // report is replaced only by a complete one.
  std::string json = llvm::formatv("{0:2}", reportToJSON(report)).str() + "\n";
  if (llvm::Error error = llvm::writeToOutput(path, [&](llvm::raw_ostream &os) {
        os << json;
        return llvm::Error::success();
      }))
    return emitError(loc) << "tuner-tune: cannot write report '" << path
                          << "': " << llvm::toString(std::move(error));
  return success();
}

LogicalResult mlir::tuner::finishReport(TuningState &state) {
  const TuningOptions::Output &o = state.options.output;
  if (o.progress != ProgressMode::Off)
    printReport(state.report, llvm::errs());
  if (o.report.empty())
    return success();
  return writeReportFile(state.report, o.report, state.loc);
}

namespace {
llvm::json::Value number(double v) {
  if (std::isfinite(v))
    return v;
  return nullptr;
}

llvm::json::Value validationToJSON(const TaskReport &t) {
  if (t.validated.empty())
    return nullptr;
  llvm::json::Array candidates;
  for (const ValidatedCandidate &v : t.validated)
    candidates.push_back(llvm::json::Object{
        {"config", v.config},
        {"default", v.isDefault},
        {"search_rank", static_cast<int64_t>(v.searchRank)},
        {"search_s", number(v.searchSeconds)},
        {"retimed_s", number(v.retimedSeconds)},
    });
  const ValidatedCandidate *chosen = t.getChosen();
  auto def = llvm::find_if(
      t.validated, [](const ValidatedCandidate &v) { return v.isDefault; });
  return llvm::json::Object{
      {"candidates", std::move(candidates)},
      {"chosen", chosen ? llvm::json::Value(static_cast<int64_t>(t.chosen))
                        : llvm::json::Value(nullptr)},
      {"chosen_search_s", number(chosen ? chosen->searchSeconds : kNoTime)},
      {"chosen_retimed_s", number(chosen ? chosen->retimedSeconds : kNoTime)},
      {"default_retimed_s",
       number(def != t.validated.end() ? def->retimedSeconds : kNoTime)},
      {"changed_winner", t.validationChangedWinner},
  };
}

std::string ms(double s) {
  return std::isfinite(s) ? llvm::formatv("{0:f3}", s * 1e3).str()
                          : std::string("-");
}

/// The final validation's table: per task the default's and the chosen
/// config's re-timed medians, the chosen one's search median, and which it
/// is.
void printValidation(const TuningReport &report, llvm::raw_ostream &os) {
  if (!report.validatedTasks)
    return;
  os << llvm::formatv("final validation: the best {0} and the default of "
                      "each task re-timed, {1} interleaved rounds x {2} "
                      "repeats\n",
                      report.validationCandidates, report.validationRounds,
                      report.validationRepeats);
  os << llvm::formatv("{0,-34} {1,11} {2,11} {3,11} {4,8}  {5}\n", "task",
                      "default ms", "chosen ms", "search ms", "speedup",
                      "chosen");
  for (const TaskReport &t : report.tasks) {
    const ValidatedCandidate *chosen = t.getChosen();
    if (!chosen)
      continue;
    auto def = llvm::find_if(
        t.validated, [](const ValidatedCandidate &v) { return v.isDefault; });
    double defaultRetimed =
        def != t.validated.end() ? def->retimedSeconds : kNoTime;
    std::string speedup =
        std::isfinite(defaultRetimed)
            ? llvm::formatv("{0:f2}x", defaultRetimed / chosen->retimedSeconds)
                  .str()
            : std::string("-");
    std::string which =
        chosen->isDefault
            ? std::string("the default")
            : llvm::formatv("#{0} of the search", chosen->searchRank + 1).str();
    os << llvm::formatv("{0,-34} {1,11} {2,11} {3,11} {4,8}  {5}\n", t.name,
                        ms(defaultRetimed), ms(chosen->retimedSeconds),
                        ms(chosen->searchSeconds), speedup, which);
  }
}
} // namespace

llvm::json::Value mlir::tuner::reportToJSON(const TuningReport &report) {
  llvm::json::Array tasks;
  for (const TaskReport &t : report.tasks)
    tasks.push_back(llvm::json::Object{
        {"share",
         std::isfinite(t.bestSeconds) && report.bestLatency > 0
             ? llvm::json::Value(t.weight * t.bestSeconds / report.bestLatency)
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
        {"final_validation", validationToJSON(t)},
        {"used_default", t.usedDefault},
        {"unscheduled", t.unscheduled},
        {"wrong_answers", static_cast<int64_t>(t.wrongAnswers)},
        {"trace",
         [&] {
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
      {"unscheduled_tasks", static_cast<int64_t>(report.unscheduledTasks)},
      {"records_saved", !report.recordsLost},
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
      {"measure_s", report.measureSeconds},
      {"train_s", report.trainSeconds},
      {"predict_s", report.predictSeconds},
      {"final_validation",
       report.validationCandidates
           ? llvm::json::Value(llvm::json::Object{
                 {"candidates",
                  static_cast<int64_t>(report.validationCandidates)},
                 {"rounds", static_cast<int64_t>(report.validationRounds)},
                 {"repeats", static_cast<int64_t>(report.validationRepeats)},
                 {"tasks", static_cast<int64_t>(report.validatedTasks)},
                 {"default_latency_s", report.validatedDefaultLatency},
                 {"chosen_latency_s", report.validatedLatency},
             })
           : llvm::json::Value(nullptr)},
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
    os << llvm::formatv(
        "cost model {0}{1}: {2} updates; featurize {3:f1} s, "
        "train {4:f1} s, predict {5:f1} s\n",
        report.costModel +
            (report.costModelFamilies > 1
                 ? " x" + std::to_string(report.costModelFamilies) + " families"
                 : std::string()),
        report.costModelWarm ? " (warm start)" : "", report.modelUpdates,
        report.featurizeSeconds, report.trainSeconds, report.predictSeconds);
  os << llvm::formatv("{0,-34} {1,-16} {2,6} {3,6} {4,6} {5,11} {6,11} "
                      "{7,11} {8,9} {9,8} {10,6}\n",
                      "task", "key", "weight", "trials", "errors", "untuned ms",
                      "default ms", "best ms", "GFLOP/s", "speedup", "share");
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
  if (report.unscheduledTasks) {
    os << report.unscheduledTasks << " of " << report.tasks.size()
       << " tasks left unscheduled (no valid, checked config):";
    for (const TaskReport &t : report.tasks)
      if (t.unscheduled)
        os << " " << t.name;
    os << "\n";
  }
  printValidation(report, os);
  os.flush();
}
