//===- Native.h - shared pieces of the Python bindings ----------*- C++ -*-===//
//
// The native module `mlir_tuner._native` wraps the tuner's C++ API. Each
// binding file (Module, Tune, Database, Executable) adds its functions to the
// module; this header declares what they share: the one dialect registry, the
// capture of MLIR diagnostics raised as mlir_tuner.MLIRError, and a module
// owning its context.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_PYTHON_NATIVE_H
#define TUNER_PYTHON_NATIVE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"

#include <pybind11/pybind11.h>

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace mlir::tuner::python {

namespace py = pybind11;

/// Every dialect, extension and translation tuner-opt has (built once).
const DialectRegistry &getRegistry();

/// Collects the diagnostics of a context while it lives (a
/// ScopedDiagnosticHandler), from any thread; raises them as
/// mlir_tuner.MLIRError and forwards warnings to Python's warnings module.
class DiagnosticCapture {
public:
  struct Entry {
    std::string severity, location, message;
  };

  explicit DiagnosticCapture(MLIRContext *ctx);

  /// Raises mlir_tuner.MLIRError("<what>: <the errors>") carrying every
  /// diagnostic (needs the GIL).
  [[noreturn]] void raise(const std::string &what);
  /// Issues the captured warnings as mlir_tuner.MLIRWarning (needs the GIL).
  void flushWarnings();
  bool hasErrors() const;

private:
  mutable std::mutex mutex;
  std::vector<Entry> entries;
  ScopedDiagnosticHandler handler;
};

/// A module and the context it lives in.
class PyModule {
public:
  PyModule(std::shared_ptr<MLIRContext> ctx, OwningOpRef<ModuleOp> module)
      : ctx(std::move(ctx)), module(std::move(module)) {}

  /// A fresh context with every dialect loaded.
  static std::shared_ptr<MLIRContext> createContext();

  ModuleOp get() const { return *module; }
  MLIRContext *getContext() const { return ctx.get(); }
  const std::shared_ptr<MLIRContext> &getContextPtr() const { return ctx; }

  /// Whether a tuning run holds the module (its progress callback may read
  /// it, not change it: the run keeps pointers into its operations).
  bool isBusy() const { return busy; }
  void setBusy(bool value) { busy = value; }
  /// Raises RuntimeError when the module is busy; `what` says what was
  /// refused.
  void checkNotBusy(const char *what) const;

private:
  std::shared_ptr<MLIRContext> ctx;
  OwningOpRef<ModuleOp> module;
  bool busy = false;
};

/// Turns an llvm::json::Value into Python objects (through json.loads).
py::object jsonToPython(const std::string &json);

void bindModule(py::module_ &m);
void bindTune(py::module_ &m);
void bindDatabase(py::module_ &m);
void bindExecutable(py::module_ &m);

} // namespace mlir::tuner::python

#endif // TUNER_PYTHON_NATIVE_H
