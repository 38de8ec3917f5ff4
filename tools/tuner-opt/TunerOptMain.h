//===- TunerOptMain.h - main() of tuner-opt and tuner-test-opt --*- C++ -*-===//
//
// What tuner-opt's main() does, shared with tuner-test-opt (which first adds
// the test library's extensions to the registry): register every upstream
// and mlir-tuner dialect, extension and pass, serve as a tuner-tune worker
// when started as one, else run MlirOptMain. Not installed.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TOOLS_TUNEROPTMAIN_H
#define TUNER_TOOLS_TUNEROPTMAIN_H

#include "Tuner/Config.h"
#include "Tuner/InitAll.h"
#include "Tuner/Revision.h"
#include "Tuner/Tuner/Measure/Worker.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::tuner {

inline void printTunerVersion(llvm::raw_ostream &os) {
  os << "mlir-tuner version " << TUNER_VERSION;
  if (*TUNER_GIT_REVISION)
    os << " (" << TUNER_GIT_REVISION << ")";
  os << "\n  built with LLVM/MLIR " << LLVM_VERSION_STRING << "\n";
}

/// Adds what tuner-opt registers to `registry` (which may already hold more)
/// and runs the tool.
inline int tunerOptMain(int argc, char **argv, DialectRegistry &registry,
                        llvm::StringRef description) {
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // gpu-module-to-binary and the JIT translate to LLVM IR in-process and need
  // these (they are not part of registerAllExtensions).
  mlir::registerAllToLLVMIRTranslations(registry);
  mlir::registerAllPasses();

  tuner::registerAllDialects(registry);
  tuner::registerAllPasses();

  // `<tool> --tuner-worker=builder|runner`: a worker process of tuner-tune.
  if (std::optional<int> exitCode = maybeRunWorker(argc, argv, registry))
    return *exitCode;

  llvm::cl::AddExtraVersionPrinter(printTunerVersion);
  return asMainReturnCode(MlirOptMain(argc, argv, description, registry));
}

} // namespace mlir::tuner

#endif // TUNER_TOOLS_TUNEROPTMAIN_H
