//===- Module.cpp - Python bindings of a module ---------------------------===//
//
// mlir_tuner._native.Module: parse from text or a file, print, clone, list
// the tasks (TaskExtraction.h), run a pass pipeline with a PassManager (what
// apply_best and lower_cpu do), and run the module on the CPU with
// tuner-run's ModuleRunner. Every MLIR diagnostic raised by a failing call
// becomes an mlir_tuner.MLIRError; the GIL is released while MLIR works.
//
//===----------------------------------------------------------------------===//

#include "Native.h"

#include "ModuleRunner.h"
#include "Tuner/Support/UpgradeSource.h"
#include "Tuner/Transforms/Prepare.h"
#include "Tuner/Tuner/Task/TaskExtraction.h"

#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <pybind11/stl.h>

using namespace mlir;
using namespace mlir::tuner;
using namespace mlir::tuner::python;

void PyModule::checkNotBusy(const char *what) const {
  if (!busy)
    return;
  PyErr_SetString(PyExc_RuntimeError,
                  (std::string(what) +
                   ": the module is being tuned (a progress callback may read "
                   "it, not change it; change a clone)")
                      .c_str());
  throw py::error_already_set();
}

/// The deepest nesting of brackets ({, (, [) in `text`, outside string
/// literals and comments, up to `limit` + 1: the parser recurses once per
/// level (10000 nested modules overflowed the stack).
static unsigned getNestingDepth(StringRef text, unsigned limit) {
  unsigned depth = 0, deepest = 0;
  for (size_t i = 0, e = text.size(); i < e && deepest <= limit; ++i) {
    char c = text[i];
    if (c == '"') {
      for (++i; i < e && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
    } else if (c == '/' && i + 1 < e && text[i + 1] == '/') {
      i = text.find('\n', i);
      if (i == StringRef::npos)
        break;
    } else if (c == '{' || c == '(' || c == '[') {
      deepest = std::max(deepest, ++depth);
    } else if ((c == '}' || c == ')' || c == ']') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

static std::unique_ptr<PyModule> parseModule(const std::string &text,
                                             const std::string &name) {
  constexpr unsigned kMaxNesting = 1000;
  if (getNestingDepth(text, kMaxNesting) > kMaxNesting) {
    PyErr_SetString(PyExc_ValueError,
                    ("cannot parse " + name + ": brackets nest deeper than " +
                     std::to_string(kMaxNesting) + " levels")
                        .c_str());
    throw py::error_already_set();
  }
  auto ctx = PyModule::createContext();
  DiagnosticCapture capture(ctx.get());
  OwningOpRef<ModuleOp> module;
  {
    py::gil_scoped_release release;
    ParserConfig config(ctx.get());
    auto buffer =
        upgradeSource(llvm::MemoryBuffer::getMemBufferCopy(text, name));
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
    module = parseSourceFile<ModuleOp>(sourceMgr, config);
    if (module && failed(mlir::verify(*module)))
      module = nullptr;
  }
  if (!module)
    capture.raise("cannot parse " + name);
  capture.flushWarnings();
  return std::make_unique<PyModule>(std::move(ctx), std::move(module));
}

static std::unique_ptr<PyModule> loadModule(const std::string &path) {
  // Only a regular file: /dev/zero would be read without end, a FIFO
  // blocks the interpreter until a writer comes.
  llvm::sys::fs::file_status status;
  if (!llvm::sys::fs::status(path, status) &&
      status.type() != llvm::sys::fs::file_type::regular_file) {
    PyErr_SetString(PyExc_OSError,
                    ("cannot read " + path + ": not a regular file").c_str());
    throw py::error_already_set();
  }
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer) {
    PyErr_SetString(PyExc_FileNotFoundError,
                    ("cannot read " + path + ": " + buffer.getError().message())
                        .c_str());
    throw py::error_already_set();
  }
  return parseModule((*buffer)->getBuffer().str(), path);
}

static std::string printModule(const PyModule &module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module.get().print(os);
  return text;
}

static std::unique_ptr<PyModule> cloneModule(const PyModule &module) {
  return std::make_unique<PyModule>(
      module.getContextPtr(), OwningOpRef<ModuleOp>(module.get().clone()));
}

/// Runs a textual pipeline (`builtin.module(...)` or a bare list of module
/// passes) on the module in place.
static void runPipeline(PyModule &module, const std::string &pipeline) {
  module.checkNotBusy("run_pipeline");
  MLIRContext *ctx = module.getContext();
  DiagnosticCapture capture(ctx);
  std::string parseError;
  llvm::raw_string_ostream errorStream(parseError);
  std::string text = StringRef(pipeline).trim().starts_with("builtin.module(")
                         ? pipeline
                         : "builtin.module(" + pipeline + ")";
  FailureOr<OpPassManager> parsed = parsePassPipeline(text, errorStream);
  if (failed(parsed)) {
    PyErr_SetString(PyExc_ValueError,
                    ("invalid pass pipeline '" + pipeline + "': " + parseError)
                        .c_str());
    throw py::error_already_set();
  }
  PassManager pm(ctx, ModuleOp::getOperationName());
  static_cast<OpPassManager &>(pm) = std::move(*parsed);
  LogicalResult result = success();
  {
    py::gil_scoped_release release;
    result = pm.run(module.get());
  }
  if (failed(result))
    capture.raise("pass pipeline '" + pipeline + "' failed");
  capture.flushWarnings();
}

/// The task list as `sched-extract-tasks task-list=` writes it, of a prepared
/// copy of the module when `prepare` (what tune and apply_best see).
static py::object getTasks(PyModule &module, bool prepare) {
  DiagnosticCapture capture(module.getContext());
  OwningOpRef<ModuleOp> copy(module.get().clone());
  std::string json;
  bool ok = true;
  {
    py::gil_scoped_release release;
    if (prepare && failed(prepareForScheduling(*copy)))
      ok = false;
    else
      json = llvm::formatv("{0}", tasksToJSON(extractTasks(*copy))).str();
  }
  if (!ok || capture.hasErrors())
    capture.raise("task extraction failed");
  capture.flushWarnings();
  return jsonToPython(json);
}

static RunOptions getRunOptions(const py::dict &o) {
  RunOptions options;
  options.entry = o["entry"].cast<std::string>();
  options.seed = o["seed"].cast<uint64_t>();
  options.timing.warmup = o["warmup"].cast<unsigned>();
  options.timing.repeats = std::max(1u, o["repeats"].cast<unsigned>());
  options.timing.minRepeatMs = o["min_repeat_ms"].cast<double>();
  options.tolerance = o["tolerance"].cast<double>();
  std::string parallel = o["parallel"].cast<std::string>();
  if (parallel == "none") {
    options.parallel = ParallelRuntime::None;
  } else if (parallel != "openmp") {
    PyErr_SetString(PyExc_ValueError,
                    ("unknown parallel '" + parallel +
                     "': expected 'openmp' or 'none'")
                        .c_str());
    throw py::error_already_set();
  }
  return options;
}

/// JIT-runs a copy of the module (tuner-run's ModuleRunner), checked against
/// `reference` when given; the result as tuner-run --json prints it.
static py::object runModule(PyModule &module, PyModule *reference,
                            const py::dict &pyOptions) {
  RunOptions options = getRunOptions(pyOptions);
  DiagnosticCapture capture(module.getContext());
  OwningOpRef<ModuleOp> copy(module.get().clone());
  // The reference joins the module's context (printed and parsed again when
  // it lives in another one).
  OwningOpRef<ModuleOp> refCopy;
  if (reference && reference->getContext() == module.getContext())
    refCopy = reference->get().clone();
  else if (reference)
    refCopy = parseSourceString<ModuleOp>(printModule(*reference),
                                          ParserConfig(module.getContext()));
  if (reference && !refCopy)
    capture.raise("cannot copy the reference module");
  std::string error;
  FailureOr<RunResult> result = failure();
  {
    py::gil_scoped_release release;
    result = runModuleOnCPU(*copy, refCopy ? *refCopy : ModuleOp(), options,
                            error);
  }
  if (failed(result))
    capture.raise("cannot run the module: " + error);
  capture.flushWarnings();
  const Timings &t = result->timings;
  py::dict out;
  out["entry"] = result->entry;
  out["median_s"] = t.median();
  out["min_s"] = t.min();
  out["max_s"] = t.max();
  out["times_s"] = t.seconds;
  out["calls_per_repeat"] = t.callsPerRepeat;
  out["flops"] = result->signature.flops;
  out["gflops"] = result->getGFlops();
  out["compile_s"] = result->compileSeconds;
  out["match"] = py::none();
  if (result->comparison) {
    out["match"] = result->comparison->match;
    out["max_error"] = result->comparison->maxError;
    out["mismatches"] = result->comparison->mismatches;
    out["first_mismatch"] = result->comparison->firstMismatch;
    out["max_abs_error"] = result->comparison->maxAbsError;
    out["max_rel_error"] = result->comparison->maxRelError;
    out["tolerance"] = result->tolerance.rtol;
    out["atol"] = result->tolerance.atol;
    out["atol_per_magnitude"] = result->tolerance.perMagnitude;
  }
  return std::move(out);
}

void tuner::python::bindModule(py::module_ &m) {
  py::class_<PyModule>(m, "Module")
      .def_static("parse", &parseModule, py::arg("text"),
                  py::arg("name") = "<string>")
      .def_static("load", &loadModule, py::arg("path"))
      .def("__str__", &printModule)
      .def("clone", &cloneModule)
      .def("tasks", &getTasks, py::arg("prepare") = true)
      .def("run_pipeline", &runPipeline, py::arg("pipeline"))
      .def("run", &runModule, py::arg("reference").none(true),
           py::arg("options"));
}
