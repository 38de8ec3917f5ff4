//===- WorkDirectory.h - work directories removed on interrupts -*- C++ -*-===//
//
// A measurer keeps its workers' object files and logs in a work directory
// ($TMPDIR/mlir-tuner-*), removed when it is destroyed. A run ended by
// SIGINT, SIGTERM or SIGHUP destroys nothing: the directories registered
// here are removed by a signal handler instead, with async-signal-safe
// system calls only, before the process ends by that signal.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_MEASURE_WORKDIRECTORY_H
#define TUNER_TUNER_MEASURE_WORKDIRECTORY_H

#include "mlir/Support/LLVM.h"

namespace mlir::tuner {

/// Registers `dir` (a flat directory) for removal on SIGINT, SIGTERM and
/// SIGHUP, and installs the handler of those signals that are not ignored
/// (once per process; it then hands the signal to the handler it replaced).
/// At most 64 directories are registered at once; the call does nothing
/// beyond that.
void removeWorkDirectoryOnInterrupt(StringRef dir);

/// Unregisters `dir` (its owner removes it).
void keepWorkDirectoryOnInterrupt(StringRef dir);

/// Removes the registered directories and ends the process by the interrupt
/// signal being handled (SIGINT when none is): LLVM's interrupt function
/// (llvm::sys::SetInterruptFunction) in tools whose LLVM signal handlers
/// would otherwise end the process before the directories are removed.
void removeWorkDirectoriesAndExit();

} // namespace mlir::tuner

#endif // TUNER_TUNER_MEASURE_WORKDIRECTORY_H
