//===- Tune.cpp - Python bindings of the tuning driver --------------------===//
//
// mlir_tuner._native.tune: the Python keyword arguments (checked for type by
// mlir_tuner.tune) become one TuningOptions, checked by verifyTuningOptions
// as the tuner-tune pass checks its own; tuneModule runs with the GIL
// released; a MeasureCallback hands each trial to a Python callable and
// stops the run on Ctrl-C or an exception raised by it. The report comes
// back as reportToJSON's object.
//
//===----------------------------------------------------------------------===//

#include "Native.h"

#include "Tuner/Transforms/Prepare.h"
#include "Tuner/Tuner/CostModel/CostModel.h"
#include "Tuner/Tuner/Driver/TuningDriver.h"
#include "Tuner/Tuner/Search/TaskScheduler.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <pybind11/stl.h>

using namespace mlir;
using namespace mlir::tuner;
using namespace mlir::tuner::python;

[[noreturn]] static void raiseValueError(const std::string &message) {
  PyErr_SetString(PyExc_ValueError, message.c_str());
  throw py::error_already_set();
}

static llvm::StringMap<std::string> toStringMap(const py::dict &d) {
  llvm::StringMap<std::string> map;
  for (auto [key, value] : d)
    map[py::str(key).cast<std::string>()] = py::str(value).cast<std::string>();
  return map;
}

/// The closed sets of choices (enums), with an error naming the choices.
static void setEnums(TuningOptions &o, const py::dict &d) {
  std::string progress = d["progress"].cast<std::string>();
  if (auto p = parseProgressMode(progress))
    o.output.progress = *p;
  else
    raiseValueError("unknown progress '" + progress +
                    "': expected 'auto', 'on', 'off' or a callable");
  std::string families = d["families"].cast<std::string>();
  if (auto f = parseFamilyMode(families))
    o.costModel.families = *f;
  else
    raiseValueError("unknown families '" + families +
                    "': expected 'none', 'op' or 'key'");
  std::string scheduler = d["task_scheduler"].cast<std::string>();
  if (auto s = parseTaskSchedulerKind(scheduler))
    o.search.taskScheduler = *s;
  else
    raiseValueError("unknown task_scheduler '" + scheduler + "': expected " +
                    llvm::join(getTaskSchedulerNames(), ", "));
  std::string model = d["cost_model"].cast<std::string>();
  if (auto k = parseCostModelKind(model))
    o.costModel.kind = *k;
  else
    raiseValueError("unknown cost_model '" + model + "': expected auto, none, " +
                    llvm::join(getCostModelNames(), ", "));
}

static TuningOptions getTuningOptions(const py::dict &d) {
  TuningOptions o;
  o.target = d["target"].cast<std::string>();
  o.budget.trials = d["trials"].cast<unsigned>();
  o.budget.timeBudget = d["time_budget"].cast<double>();
  o.budget.perTaskTrials = d["per_task_trials"].cast<unsigned>();
  o.budget.batchSize = d["batch_size"].cast<unsigned>();
  o.search.policy = d["policy"].cast<std::string>();
  o.search.policyOptions = toStringMap(d["policy_options"]);
  o.search.taskSchedulerOptions = toStringMap(d["task_scheduler_options"]);
  o.search.seed = d["seed"].cast<uint64_t>();
  o.search.sketches = d["sketches"].cast<std::vector<std::string>>();
  o.costModel.options = toStringMap(d["cost_model_options"]);
  o.costModel.file = d["cost_model_file"].cast<std::string>();
  o.measure.measurer = d["measure"].cast<std::string>();
  o.measure.worker = d["worker"].cast<std::string>();
  o.measure.builders = d["builders"].cast<unsigned>();
  o.measure.repeats = d["repeats"].cast<unsigned>();
  o.measure.minRepeatMs = d["min_repeat_ms"].cast<double>();
  o.measure.timeout = d["timeout"].cast<double>();
  o.measure.referenceTimeout = d["reference_timeout"].cast<double>();
  o.measure.verify = d["verify"].cast<bool>();
  o.measure.verifyAll = d["verify_all"].cast<bool>();
  o.measure.memoryLimitMB = d["memory_limit"].cast<uint64_t>();
  o.measure.driftCheck = d["drift_check"].cast<bool>();
  o.finalValidation.candidates = d["final_validation"].cast<unsigned>();
  o.finalValidation.rounds = d["final_validation_rounds"].cast<unsigned>();
  o.records.database = d["database"].cast<std::string>();
  o.records.resume = d["resume"].cast<bool>();
  o.records.transferFrom = d["transfer_from"].cast<std::string>();
  o.records.transferSeeds = d["transfer_seeds"].cast<unsigned>();
  o.output.report = d["report"].cast<std::string>();
  setEnums(o, d);
  return o;
}

namespace {
/// Hands every trial to a Python callable (when given) and stops the run
/// when Python has a pending exception: Ctrl-C, or one the callable raised.
class PythonProgress : public MeasureCallback {
public:
  explicit PythonProgress(py::object callable)
      : callable(std::move(callable)) {}
  StringRef getName() const override { return "python-progress"; }

  LogicalResult onResult(TuningState &state, TaskState &task,
                         const MeasureResult &result) override {
    py::gil_scoped_acquire acquire;
    if (error)
      return failure();
    try {
      if (PyErr_CheckSignals() != 0)
        throw py::error_already_set();
      if (!callable.is_none())
        callable(makeEvent(state, task, result));
    } catch (py::error_already_set &e) {
      error = std::make_unique<py::error_already_set>(std::move(e));
      emitError(state.loc) << "tuning stopped from Python";
      return failure();
    }
    return success();
  }

  /// The exception that stopped the run, if any.
  std::unique_ptr<py::error_already_set> error;

private:
  static py::dict makeEvent(TuningState &state, TaskState &task,
                            const MeasureResult &result) {
    auto time = [](double s) -> py::object {
      return std::isfinite(s) ? py::object(py::float_(s)) : py::none();
    };
    py::dict e;
    e["task"] = task.task.name;
    e["task_key"] = task.task.key;
    e["task_index"] = task.index;
    e["tasks"] = state.tasks.size();
    e["trial"] = state.used;
    e["trials"] = state.options.budget.trials;
    e["task_trials"] = task.report.trials;
    e["seconds"] = time(result.median);
    e["best_seconds"] = time(task.report.bestSeconds);
    e["error"] = result.isValid()
                     ? py::object(py::none())
                     : py::object(py::str(
                           stringifyMeasureError(result.output.error).str()));
    e["config"] = result.config ? llvm::formatv("{0}", result.config).str()
                                : std::string();
    e["elapsed"] = state.elapsed();
    return e;
  }

  py::object callable;
};
} // namespace

/// Checks options without tuning (what tune does first).
static TuningOptions checkOptions(const py::dict &d, MLIRContext *ctx) {
  TuningOptions o = getTuningOptions(d);
  DiagnosticCapture capture(ctx);
  if (failed(verifyTuningOptions(o, UnknownLoc::get(ctx))))
    capture.raise("invalid tuning options");
  return o;
}

static py::object tune(PyModule &module, const py::dict &d,
                       py::object progress, bool prepare) {
  module.checkNotBusy("tune");
  MLIRContext *ctx = module.getContext();
  TuningOptions options = checkOptions(d, ctx);
  DiagnosticCapture capture(ctx);
  PythonProgress callback(std::move(progress));
  MeasureCallback *extra[] = {&callback};
  FailureOr<TuningReport> report = failure();
  {
    // The progress callback must not change the module under the run.
    module.setBusy(true);
    llvm::scope_exit notBusy([&] { module.setBusy(false); });
    py::gil_scoped_release release;
    if (!prepare || succeeded(prepareForScheduling(module.get())))
      report = tuneModule(module.get(), options, extra);
  }
  if (callback.error)
    throw std::move(*callback.error);
  if (failed(report))
    capture.raise("tuning failed");
  capture.flushWarnings();
  return jsonToPython(llvm::formatv("{0}", reportToJSON(*report)).str());
}

void tuner::python::bindTune(py::module_ &m) {
  m.def("tune", &tune, py::arg("module"), py::arg("options"),
        py::arg("progress").none(true), py::arg("prepare"));
  m.def(
      "check_options",
      [](const py::dict &d) {
        MLIRContext ctx(MLIRContext::Threading::DISABLED);
        checkOptions(d, &ctx);
      },
      py::arg("options"));
}
