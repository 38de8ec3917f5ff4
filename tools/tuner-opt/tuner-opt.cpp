//===- tuner-opt.cpp - mlir-opt with the tuner ----------------------------===//
//
// `mlir-opt` with every upstream dialect, pass and transform-dialect
// extension, plus the sched dialect and the passes of mlir-tuner.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Config.h"
#include "Tuner/Revision.h"
#include "Tuner/InitAll.h"
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

static void printTunerVersion(llvm::raw_ostream &os) {
  os << "mlir-tuner version " << TUNER_VERSION;
  if (*TUNER_GIT_REVISION)
    os << " (" << TUNER_GIT_REVISION << ")";
  os << "\n  built with LLVM/MLIR " << LLVM_VERSION_STRING << "\n";
}

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // gpu-module-to-binary and the JIT translate to LLVM IR in-process and need
  // these (they are not part of registerAllExtensions).
  mlir::registerAllToLLVMIRTranslations(registry);
  mlir::registerAllPasses();

  mlir::tuner::registerAllDialects(registry);
  mlir::tuner::registerAllPasses();

  // `tuner-opt --tuner-worker=builder|runner`: a worker process of tuner-tune.
  if (std::optional<int> exitCode =
          mlir::tuner::maybeRunWorker(argc, argv, registry))
    return *exitCode;

  llvm::cl::AddExtraVersionPrinter(printTunerVersion);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "mlir-tuner optimizer driver\n", registry));
}
