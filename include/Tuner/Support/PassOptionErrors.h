//===- PassOptionErrors.h - option errors at the input's location -*- C++ -*-//
//
// mlir-opt parses a pass's options while it builds the pipeline, before the
// pass sees its operation, and reports a malformed option at an unknown
// location (`<unknown>:0: error: ...`), often with an empty message (the
// value parsers of llvm::cl print their complaint to stderr themselves).
// A pass deriving from DeferredOptionErrors records the failure instead and
// reports it in runOnOperation, at the location of the module (or of its
// file, for a module without one), as `<pass>: invalid options ...`.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_SUPPORT_PASSOPTIONERRORS_H
#define TUNER_SUPPORT_PASSOPTIONERRORS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "mlir/Pass/Pass.h"

#include <string>

namespace mlir::tuner {

/// The location diagnostics about `op` as a whole should carry: its own, or,
/// when it has none (an UnknownLoc module), the start of the file its first
/// located nested op comes from.
inline Location getDiagnosticLocation(Operation *op) {
  if (!isa<UnknownLoc>(op->getLoc()))
    return op->getLoc();
  Location found = op->getLoc();
  op->walk([&](Operation *nested) {
    if (auto file = nested->getLoc()->findInstanceOf<FileLineColLoc>()) {
      found = FileLineColLoc::get(file.getFilename(), 0, 0);
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

/// Wraps a generated pass base (`impl::FooBase<Foo>`): option parse errors
/// are kept and reported by reportOptionErrors at the operation's location.
template <typename PassBaseT> class DeferredOptionErrors : public PassBaseT {
public:
  using PassBaseT::PassBaseT;

  LogicalResult initializeOptions(
      StringRef options,
      function_ref<LogicalResult(const Twine &)> errorHandler) override {
    optionError.clear();
    std::string message;
    if (succeeded(Pass::initializeOptions(options, [&](const Twine &m) {
          message = m.str();
          return failure();
        })))
      return success();
    StringRef text = StringRef(message).trim();
    text.consume_front("<Pass-Options-Parser>: ");
    optionError = "invalid options '" + options.str() + "': " +
                  (text.empty() ? std::string("a value does not parse (the "
                                              "reason is printed above)")
                                : text.str());
    return success();
  }

protected:
  /// Emits the error of the options, if they did not parse, at the
  /// operation's location (getDiagnosticLocation); fails then.
  LogicalResult reportOptionErrors() {
    if (optionError.empty())
      return success();
    Operation *op = this->getOperation();
    return emitError(getDiagnosticLocation(op))
           << this->getArgument() << ": " << optionError;
  }

private:
  std::string optionError;
};

} // namespace mlir::tuner

#endif // TUNER_SUPPORT_PASSOPTIONERRORS_H
