//===- Internal.h - helpers shared by the driver's files --------*- C++ -*-===//

#ifndef TUNER_LIB_TUNER_DRIVER_INTERNAL_H
#define TUNER_LIB_TUNER_DRIVER_INTERNAL_H

#include "Tuner/Tuner/Driver/TuningState.h"

#include <string>

namespace mlir::tuner::detail {

/// The cost models of a run, one per family of tasks, when the policy asks
/// for one (CostModels.cpp); each task gets its family's model and a scorer.
LogicalResult createCostModels(TuningState &state);

/// GFLOP/s of `flops` in `seconds` (0 when not a positive finite time).
double gflops(int64_t flops, double seconds);

/// `attr` printed.
std::string printAttr(Attribute attr);

} // namespace mlir::tuner::detail

#endif // TUNER_LIB_TUNER_DRIVER_INTERNAL_H
