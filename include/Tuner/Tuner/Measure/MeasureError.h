//===- MeasureError.h - outcome codes of a measurement ----------*- C++ -*-===//
//
// The error code of one measurement (the codes of Ansor's measure.h). The
// measurer produces them and database records store them; this header
// depends on nothing else so that the database can include it without
// depending on the measurement library.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_MEASURE_MEASUREERROR_H
#define TUNER_TUNER_MEASURE_MEASUREERROR_H

#include "llvm/ADT/StringRef.h"

namespace mlir::tuner {

/// Outcome of one measurement.
enum class MeasureError : int {
  None = 0,
  /// The schedule could not be applied (sketch failed, invalid config).
  Instantiation = 1,
  /// Lowering or code generation failed, or the builder crashed.
  CompileHost = 2,
  CompileDevice = 3,
  /// The kernel crashed while running.
  RuntimeDevice = 4,
  /// The kernel's outputs differ from the reference's.
  WrongAnswer = 5,
  BuildTimeout = 6,
  RunTimeout = 7,
  Unknown = 8,
  /// The compiled kernel does not fit the target or spills registers
  /// (ptxas -v): rejected before it is run.
  Resources = 9,
};

/// The largest code; records with a larger one are malformed.
constexpr int kMaxMeasureError = static_cast<int>(MeasureError::Resources);

/// The name of a code as records write it ("NO_ERROR", "RUN_TIMEOUT", ...).
inline llvm::StringRef stringifyMeasureError(MeasureError error) {
  switch (error) {
  case MeasureError::None:
    return "NO_ERROR";
  case MeasureError::Instantiation:
    return "INSTANTIATION_ERROR";
  case MeasureError::CompileHost:
    return "COMPILE_HOST";
  case MeasureError::CompileDevice:
    return "COMPILE_DEVICE";
  case MeasureError::RuntimeDevice:
    return "RUNTIME_DEVICE";
  case MeasureError::WrongAnswer:
    return "WRONG_ANSWER";
  case MeasureError::BuildTimeout:
    return "BUILD_TIMEOUT";
  case MeasureError::RunTimeout:
    return "RUN_TIMEOUT";
  case MeasureError::Unknown:
    return "UNKNOWN_ERROR";
  case MeasureError::Resources:
    return "RESOURCES";
  }
  return "UNKNOWN_ERROR";
}

} // namespace mlir::tuner

#endif // TUNER_TUNER_MEASURE_MEASUREERROR_H
