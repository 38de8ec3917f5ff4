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
#include "Tuner/Support/ExitStatus.h"
#include "Tuner/Support/ToolFiles.h"
#include "Tuner/Support/UpgradeSource.h"
#include "Tuner/Tuner/Measure/MPI.h"
#include "Tuner/Tuner/Measure/WorkDirectory.h"
#include "Tuner/Tuner/Measure/Worker.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>

namespace mlir::tuner {

inline void printTunerVersion(llvm::raw_ostream &os) {
  os << "mlir-tuner version " << TUNER_VERSION;
  if (*TUNER_GIT_REVISION)
    os << " (" << TUNER_GIT_REVISION << ")";
  os << "\n  built with LLVM/MLIR " << LLVM_VERSION_STRING << "\n";
}

/// Keeps the interrupt signals that the tool was started with ignored (as
/// `nohup` and background jobs of a non-interactive shell do) ignored. LLVM's
/// handlers, which delete `-o` on an interrupt, replace SIG_IGN; a tuning run
/// under `nohup` then lost its output on a hangup and still exited 0. The
/// handlers are installed here, once, and the ignored signals put back.
/// So is SIGXFSZ: ignored, a write past a file size limit fails with EFBIG
/// (a database that cannot grow costs records, not the run).
inline void keepIgnoredInterrupts() {
  int ignored[3], numIgnored = 0;
  for (int sig : {SIGHUP, SIGINT, SIGXFSZ}) {
    struct sigaction current;
    if (sigaction(sig, nullptr, &current) == 0 && current.sa_handler == SIG_IGN)
      ignored[numIgnored++] = sig;
  }
  // Installs LLVM's handlers once. On an interrupt they remove -o's
  // temporary file, then call this function, which removes the tuner's work
  // directories and ends the process by the signal.
  llvm::sys::SetInterruptFunction(removeWorkDirectoriesAndExit);
  for (int i = 0; i < numIgnored; ++i)
    std::signal(ignored[i], SIG_IGN);
}

/// MlirOptMain on `inputFile` (text from newer MLIR versions upgraded first:
/// UpgradeSource.h), its output to `outputFile`.
inline LogicalResult runOptMain(int argc, char **argv,
                                llvm::StringRef inputFile,
                                llvm::StringRef outputFile,
                                DialectRegistry &registry) {
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  if (config.shouldShowDialects() || config.shouldListPasses())
    return MlirOptMain(argc, argv, inputFile, outputFile, registry);
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file = openInputFile(inputFile, &error);
  if (!file) {
    llvm::errs() << error << "\n";
    return failure();
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFile, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return failure();
  }
  if (failed(MlirOptMain(output->os(), upgradeSource(std::move(file)), registry,
                         config)))
    return failure();
  output->keep();
  return success();
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

  // Under mpirun with workers=mpi, ranks other than 0 serve measurements.
  if (std::optional<int> exitCode = maybeServeMPI(argc, argv, registry))
    return *exitCode;

  keepIgnoredInterrupts();
  llvm::cl::AddExtraVersionPrinter(printTunerVersion);
  // The input and -o are recorded first: tuner-tune refuses to write its
  // own files over them (ToolFiles.h).
  auto [inputFile, outputFile] =
      registerAndParseCLIOptions(argc, argv, description, registry);
  getToolFiles() = {inputFile, outputFile};
  int code =
      asMainReturnCode(runOptMain(argc, argv, inputFile, outputFile, registry));
  finalizeMPI();
  // A tuning run that wrote its output but tuned nothing, or lost records.
  if (code == 0)
    code = getDeferredExitStatus();
  return code;
}

} // namespace mlir::tuner

#endif // TUNER_TOOLS_TUNEROPTMAIN_H
