//===- TaskScorer.h - cost-model scores of a task's candidates --*- C++ -*-===//
//
// What a search policy asks the cost model through: the scores of
// candidates of its task. The scorer turns candidates into feature vectors
// (through a featurizer the driver provides: builder worker processes apply
// each candidate's sketch and extract the features of its scheduled IR),
// caches them by candidate, and asks the cost model, which is shared by all
// tasks of a run.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_SEARCH_TASKSCORER_H
#define TUNER_TUNER_SEARCH_TASKSCORER_H

#include "Tuner/Tuner/CostModel/CostModel.h"
#include "Tuner/Tuner/Search/SearchSpace.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <functional>
#include <vector>

namespace mlir::tuner {

class TaskScorer {
public:
  /// Feature vectors of candidates (empty where featurization failed).
  using Featurizer =
      std::function<std::vector<FeatureVector>(ArrayRef<Candidate>)>;

  TaskScorer(const SearchSpace &space, CostModel &model, Featurizer featurizer)
      : space(space), model(model), featurizer(std::move(featurizer)) {}

  /// Scores of `candidates` (CostModel::predict): positive, higher is
  /// predicted faster, ratios estimate throughput ratios; 0 for a candidate
  /// that could not be featurized (it should not be measured).
  std::vector<double> predict(ArrayRef<Candidate> candidates);

  /// The features of `candidates`, featurizing those not cached yet.
  std::vector<const FeatureVector *> getFeatures(ArrayRef<Candidate> candidates);

  /// Lets `update` change the cached features of `candidate` (what
  /// measuring it taught, e.g. its kernels' resources), now if they are
  /// cached, else once they are computed: this is called while the
  /// candidate's batch is being measured, when the featurizer's workers are
  /// busy with it. Not called when featurization failed.
  void updateFeatures(const Candidate &candidate,
                      std::function<void(FeatureVector &)> update);

  /// Whether the model's scores carry information (false during warm-up:
  /// policies may then skip model-based filtering).
  bool isTrained() const { return model.isTrained(); }

  CostModel &getModel() { return model; }

  /// Seconds spent featurizing, and candidates featurized.
  double getFeaturizeSeconds() const { return featurizeSeconds; }
  size_t getNumFeaturized() const { return cache.size(); }

private:
  const SearchSpace &space;
  CostModel &model;
  Featurizer featurizer;
  llvm::StringMap<FeatureVector> cache;
  /// Updates of candidates not featurized yet, applied when they are.
  llvm::StringMap<SmallVector<std::function<void(FeatureVector &)>, 1>>
      pendingUpdates;
  double featurizeSeconds = 0;
};

} // namespace mlir::tuner

#endif // TUNER_TUNER_SEARCH_TASKSCORER_H
