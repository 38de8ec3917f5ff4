//===- tuner-opt.cpp - mlir-opt with the tuner ----------------------------===//
//
// `mlir-opt` with every upstream dialect, pass and transform-dialect
// extension, plus the sched dialect and the passes of mlir-tuner. No test
// hook is registered here (tuner-test-opt adds them).
//
//===----------------------------------------------------------------------===//

#include "TunerOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  return mlir::tuner::tunerOptMain(argc, argv, registry,
                                   "mlir-tuner optimizer driver\n");
}
