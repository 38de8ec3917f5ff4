//===- Callbacks.cpp - the measure callbacks of every run -----------------===//
//
// The one place where the built-in measure callbacks are registered: a new
// callback is one file in this folder and one line here.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Driver/MeasureCallback.h"

using namespace mlir;
using namespace mlir::tuner;

MeasureCallback::~MeasureCallback() = default;

std::vector<std::unique_ptr<MeasureCallback>>
mlir::tuner::createMeasureCallbacks(const TuningOptions &options) {
  std::vector<std::unique_ptr<MeasureCallback>> callbacks;
  callbacks.push_back(createRecordWriter());
  callbacks.push_back(createCostModelTrainer());
  callbacks.push_back(createProgressPrinter(options.output.progress));
  return callbacks;
}
