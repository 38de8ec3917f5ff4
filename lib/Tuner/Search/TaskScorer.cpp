//===- TaskScorer.cpp - cost-model scores of a task's candidates ----------===//

#include "Tuner/Tuner/Search/TaskScorer.h"

#include <chrono>

using namespace mlir;
using namespace mlir::tuner;

std::vector<const FeatureVector *>
TaskScorer::getFeatures(ArrayRef<Candidate> candidates) {
  // Featurize the candidates not seen yet, once each, in one batch.
  std::vector<Candidate> missing;
  std::vector<std::string> missingKeys;
  llvm::StringSet<> queued;
  for (const Candidate &c : candidates) {
    std::string key = space.getKey(c);
    if (cache.count(key) || !queued.insert(key).second)
      continue;
    missing.push_back(c);
    missingKeys.push_back(std::move(key));
  }
  if (!missing.empty()) {
    auto start = std::chrono::steady_clock::now();
    std::vector<FeatureVector> features = featurizer(missing);
    featurizeSeconds += std::chrono::duration<double>(
                            std::chrono::steady_clock::now() - start)
                            .count();
    for (size_t i = 0; i < missing.size(); ++i) {
      FeatureVector &f = cache[missingKeys[i]] =
          i < features.size() ? std::move(features[i]) : FeatureVector();
      auto pending = pendingUpdates.find(missingKeys[i]);
      if (pending == pendingUpdates.end())
        continue;
      if (!f.empty())
        for (auto &update : pending->second)
          update(f);
      pendingUpdates.erase(pending);
    }
  }
  std::vector<const FeatureVector *> result;
  result.reserve(candidates.size());
  for (const Candidate &c : candidates)
    result.push_back(&cache.find(space.getKey(c))->second);
  return result;
}

void TaskScorer::updateFeatures(const Candidate &candidate,
                                std::function<void(FeatureVector &)> update) {
  std::string key = space.getKey(candidate);
  auto it = cache.find(key);
  if (it == cache.end())
    pendingUpdates[key].push_back(std::move(update));
  else if (!it->second.empty())
    update(it->second);
}

std::vector<double> TaskScorer::predict(ArrayRef<Candidate> candidates) {
  std::vector<const FeatureVector *> features = getFeatures(candidates);
  std::vector<FeatureVector> batch;
  batch.reserve(features.size());
  for (const FeatureVector *f : features)
    batch.push_back(*f);
  return model.predict(batch);
}
