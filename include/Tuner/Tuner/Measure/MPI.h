//===- MPI.h - measuring on the ranks of an MPI job -------------*- C++ -*-===//
//
// `workers=mpi`: under `mpirun -np N <tool> ... --tuner-tune="...
// workers=mpi"`, rank 0 runs the tool as usual (search, database, cost
// model) and every other rank serves measurements: it greets rank 0 with its
// host name and the targets it can measure (its host CPU; its CUDA device,
// chosen from the local rank), then measures the candidates rank 0 sends it
// with a measurer of its own (`measure=`), whose builders and runner are
// worker processes as in a local run. Jobs and answers are JSON, as between a
// driver and its workers, carried by MPI messages.
//
// Faults: every rank sends a heartbeat each second. A measuring rank silent
// for `kMPIRankSilenceSeconds` is given up: the candidates it held go to the
// other ranks (once; a second loss records an error) and the search goes on.
// A serving rank that stops hearing from rank 0 exits.
//
// Tools call maybeServeMPI in main() (after maybeRunWorker) and
// finalizeMPI before returning; both do nothing unless the arguments ask for
// workers=mpi and the process was started by an MPI launcher.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_MEASURE_MPI_H
#define TUNER_TUNER_MEASURE_MPI_H

#include "Tuner/Tuner/Measure/Measurer.h"

#include "mlir/IR/DialectRegistry.h"

#include <optional>
#include <string>

namespace mlir::tuner {

/// Seconds without a message after which a rank is taken for dead.
constexpr double kMPIRankSilenceSeconds = 10;

/// Whether workers=mpi can work in this process: the tool was built with MPI
/// and started by an MPI launcher with more than one rank; else `why` says
/// what is missing.
bool canMeasureOnMPI(std::string &why);

/// Starts MPI when `argv` asks for workers=mpi and an MPI launcher started
/// the process. On a rank other than 0 it then serves measurements until
/// rank 0 says it is done (or is lost) and returns the exit code; on rank 0,
/// and when MPI is not wanted, it returns nullopt and the tool goes on.
std::optional<int> maybeServeMPI(int argc, char **argv,
                                 const DialectRegistry &registry);

/// Tells the serving ranks to stop and finalizes MPI (rank 0; nothing when
/// MPI was not started). Also runs at exit.
void finalizeMPI();

/// What the MPI measurer needs besides the measurer options.
struct MPIMeasurerOptions {
  /// The measurer each serving rank creates (`measure=`).
  std::string measurer = "real";
  /// The measurer options as given: `builders` 0 lets each rank use its
  /// hardware threads, an empty worker executable its own executable.
  MeasurerOptions options;
};

/// The measurer of rank 0 under workers=mpi: hands candidates to the ranks
/// whose targets match the task's, featurizes with `local` (worker processes
/// of rank 0). Fails when no rank answers or none accepts the measurer.
FailureOr<std::unique_ptr<Measurer>>
createMPIMeasurer(const MPIMeasurerOptions &options,
                  std::unique_ptr<Measurer> local, std::string &error);

} // namespace mlir::tuner

#endif // TUNER_TUNER_MEASURE_MPI_H
