//===- CostModel.h - learned cost models of candidates ----------*- C++ -*-===//
//
// A cost model scores candidates from their feature vectors (Features.h) so
// that search policies can rank many candidates and measure few. Models are
// trained online from measurements: after every measured batch the driver
// adds the batch's samples and the model retrains on all of its samples.
//
// Built-in models (one file each): `xgboost` (gradient-boosted trees with a
// pairwise ranking objective, through libxgboost's C API, loaded at run
// time) and `random` (uniform scores; a baseline and for tests).
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_COSTMODEL_COSTMODEL_H
#define TUNER_TUNER_COSTMODEL_COSTMODEL_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringMap.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mlir::tuner {

/// One feature vector; empty when the candidate could not be featurized.
using FeatureVector = std::vector<float>;

/// One training example: a measured candidate.
struct CostSample {
  FeatureVector features;
  /// Relative throughput: a reference time of the sample's group (the
  /// tuner uses the task's first valid measurement) divided by this
  /// candidate's median time; 0 for a failed measurement. Only the order of
  /// the labels within a group matters to a ranking model.
  float label = 0;
  /// The ranking group (a task key and target): a ranking model only
  /// learns the order of samples of the same group.
  std::string group;
};

class CostModel {
public:
  virtual ~CostModel();

  virtual StringRef getName() const = 0;

  /// Adds `samples` to the training set and retrains on all samples. A
  /// sample of an existing group with the same features replaces nothing:
  /// samples only accumulate.
  virtual LogicalResult update(ArrayRef<CostSample> samples,
                               std::string &error) = 0;

  /// Scores of `features`, one per vector: positive, higher means predicted
  /// faster, and the ratio of two scores estimates the ratio of the two
  /// candidates' throughputs. An empty vector (featurization failed) scores
  /// 0. Before the model is trained the scores are seeded random numbers.
  virtual std::vector<double> predict(ArrayRef<FeatureVector> features) = 0;

  /// Whether predictions come from a trained model (false during warm-up).
  virtual bool isTrained() const = 0;

  /// Number of samples in the training set.
  virtual size_t getNumSamples() const = 0;
  /// Length of the feature vectors it was trained on (0 before any).
  virtual size_t getNumFeatures() const = 0;

  /// Writes the model and its training set to one file (atomically: a
  /// temporary file renamed over `path`).
  virtual LogicalResult save(StringRef path, std::string &error) const = 0;
  /// Reads a file written by save(): the model predicts at once (no
  /// warm-up) and the samples join the training set.
  virtual LogicalResult load(StringRef path, std::string &error) = 0;

  /// Seconds spent training and predicting so far.
  double getTrainSeconds() const { return trainSeconds; }
  double getPredictSeconds() const { return predictSeconds; }

protected:
  double trainSeconds = 0, predictSeconds = 0;
};

struct CostModelOptions {
  uint64_t seed = 0;
  /// Valid samples needed before the model trains (fewer: random scores).
  unsigned warmupSamples = 16;
  /// Threads for training and prediction (0: all).
  unsigned threads = 0;
  /// Model-specific options, `name=value` (each model documents its own).
  llvm::StringMap<std::string> options;
};

/// Creates the cost model called `name` ("xgboost", "random"); fails with a
/// message for an unknown name, bad options, or (xgboost) when libxgboost
/// cannot be loaded.
FailureOr<std::unique_ptr<CostModel>>
createCostModel(StringRef name, const CostModelOptions &options,
                std::string &error);

/// Names accepted by createCostModel, sorted.
std::vector<std::string> getCostModelNames();

/// Built-in models (one file each).
FailureOr<std::unique_ptr<CostModel>>
createXGBoostCostModel(const CostModelOptions &options, std::string &error);
FailureOr<std::unique_ptr<CostModel>>
createRandomCostModel(const CostModelOptions &options, std::string &error);

} // namespace mlir::tuner

#endif // TUNER_TUNER_COSTMODEL_COSTMODEL_H
