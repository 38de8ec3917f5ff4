//===- CostModelUtils.h - what the cost models share ------------*- C++ -*-===//
//
// Private to lib/Tuner/CostModel: warm-up scores, sample checks, and the
// cost-model file format (CostModel.cpp defines them).
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_LIB_TUNER_COSTMODEL_COSTMODELUTILS_H
#define TUNER_LIB_TUNER_COSTMODEL_COSTMODELUTILS_H

#include "Tuner/Tuner/CostModel/CostModel.h"

#include <random>
#include <string>
#include <vector>

namespace mlir::tuner::detail {

/// Warm-up scores: a uniform number in (0, 1] per non-empty vector of
/// `numFeatures` entries (any length when `numFeatures` is 0), 0 for the
/// others.
std::vector<double> drawRandomScores(ArrayRef<FeatureVector> features,
                                     size_t numFeatures, std::mt19937_64 &rng);

/// Checks that the non-empty feature vectors of `samples` all have
/// `numFeatures` entries (when it is 0, the first one sets it) and that the
/// labels are finite and non-negative.
LogicalResult checkSamples(ArrayRef<CostSample> samples, size_t &numFeatures,
                           std::string &error);

/// Writes a cost-model file atomically (`path`.tmp renamed over `path`);
/// `booster` is JSON text embedded verbatim, or empty for none.
LogicalResult writeCostModelFile(StringRef path, StringRef model,
                                 size_t numFeatures,
                                 ArrayRef<CostSample> samples,
                                 StringRef booster, std::string &error);

/// Reads a file written by writeCostModelFile for the model called `model`.
LogicalResult readCostModelFile(StringRef path, StringRef model,
                                size_t &numFeatures,
                                std::vector<CostSample> &samples,
                                std::string &booster, std::string &error);

} // namespace mlir::tuner::detail

#endif // TUNER_LIB_TUNER_COSTMODEL_COSTMODELUTILS_H
