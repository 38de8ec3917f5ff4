//===- Unavailable.cpp - workers=mpi in a build without MPI ---------------===//
//
// Built instead of the MPI sources when CMake found no MPI (or it was turned
// off, as for the static tuner-opt): workers=mpi is refused with a reason.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Measure/MPI.h"

using namespace mlir;
using namespace mlir::tuner;

bool mlir::tuner::canMeasureOnMPI(std::string &why) {
  why = "this tool was built without MPI (install libopenmpi-dev and "
        "reconfigure with -DTUNER_ENABLE_MPI=ON)";
  return false;
}

std::optional<int> mlir::tuner::maybeServeMPI(int, char **,
                                              const DialectRegistry &) {
  return std::nullopt;
}

void mlir::tuner::finalizeMPI() {}

FailureOr<std::unique_ptr<Measurer>>
mlir::tuner::createMPIMeasurer(const MPIMeasurerOptions &,
                               std::unique_ptr<Measurer>, std::string &error) {
  canMeasureOnMPI(error);
  error = "workers=mpi: " + error;
  return failure();
}
