//===- Native.cpp - the mlir_tuner._native module -------------------------===//
//
// Registers every dialect and pass tuner-opt has, and defines the module's
// shared pieces: the diagnostic capture and the JSON bridge. The bindings
// themselves are in Module.cpp, Tune.cpp and Database.cpp.
//
//===----------------------------------------------------------------------===//

#include "Native.h"

#include "Tuner/Config.h"
#include "Tuner/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tuner::python;

const DialectRegistry &tuner::python::getRegistry() {
  static DialectRegistry *registry = [] {
    auto *r = new DialectRegistry();
    mlir::registerAllDialects(*r);
    mlir::registerAllExtensions(*r);
    mlir::registerAllToLLVMIRTranslations(*r);
    tuner::registerAllDialects(*r);
    return r;
  }();
  return *registry;
}

std::shared_ptr<MLIRContext> PyModule::createContext() {
  auto ctx = std::make_shared<MLIRContext>(getRegistry());
  // Loaded up front: the driver's threads must not load dialects later.
  ctx->loadAllAvailableDialects();
  return ctx;
}

//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

static std::string printLocation(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return (file.getFilename().str() + ":" + std::to_string(file.getLine()) +
            ":" + std::to_string(file.getColumn()));
  if (auto name = dyn_cast<NameLoc>(loc))
    return printLocation(name.getChildLoc());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    if (!fused.getLocations().empty())
      return printLocation(fused.getLocations().front());
  if (auto callsite = dyn_cast<CallSiteLoc>(loc))
    return printLocation(callsite.getCallee());
  std::string text;
  llvm::raw_string_ostream os(text);
  loc.print(os);
  return text;
}

static const char *severityName(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Note:
    return "note";
  case DiagnosticSeverity::Remark:
    return "remark";
  }
  return "error";
}

DiagnosticCapture::DiagnosticCapture(MLIRContext *ctx)
    : handler(ctx, [this](Diagnostic &diag) {
        std::lock_guard<std::mutex> lock(mutex);
        entries.push_back({severityName(diag.getSeverity()),
                           printLocation(diag.getLocation()), diag.str()});
        for (Diagnostic &note : diag.getNotes())
          entries.push_back({"note", printLocation(note.getLocation()),
                             note.str()});
        return success();
      }) {}

bool DiagnosticCapture::hasErrors() const {
  std::lock_guard<std::mutex> lock(mutex);
  for (const Entry &e : entries)
    if (e.severity == "error")
      return true;
  return false;
}

void DiagnosticCapture::raise(const std::string &what) {
  std::vector<Entry> copy;
  {
    std::lock_guard<std::mutex> lock(mutex);
    copy = entries;
  }
  py::list diagnostics;
  std::string text = what;
  for (const Entry &e : copy) {
    diagnostics.append(py::make_tuple(e.severity, e.location, e.message));
    if (e.severity == "error" || e.severity == "note")
      text += "\n" + e.location + ": " + e.severity + ": " + e.message;
  }
  py::object cls = py::module_::import("mlir_tuner._errors").attr("MLIRError");
  py::object error = cls(text, diagnostics);
  PyErr_SetObject(cls.ptr(), error.ptr());
  throw py::error_already_set();
}

void DiagnosticCapture::flushWarnings() {
  std::vector<Entry> copy;
  {
    std::lock_guard<std::mutex> lock(mutex);
    copy.swap(entries);
  }
  py::object warn = py::module_::import("warnings").attr("warn");
  py::object cls =
      py::module_::import("mlir_tuner._errors").attr("MLIRWarning");
  for (const Entry &e : copy)
    if (e.severity == "warning")
      warn(e.location + ": warning: " + e.message, cls, 2);
}

py::object tuner::python::jsonToPython(const std::string &json) {
  return py::module_::import("json").attr("loads")(json);
}

PYBIND11_MODULE(_native, m) {
  m.doc() = "Native bindings of mlir-tuner (use the mlir_tuner package)";
  mlir::registerAllPasses();
  tuner::registerAllPasses();
  (void)getRegistry();
  m.attr("version") = std::string(TUNER_VERSION);
  m.attr("llvm_version") = std::string(LLVM_VERSION_STRING);
  bindModule(m);
  bindTune(m);
  bindDatabase(m);
  bindExecutable(m);
}
