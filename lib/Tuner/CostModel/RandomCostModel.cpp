//===- RandomCostModel.cpp - the random cost model ------------------------===//
//
// Scores every candidate with a uniform random number in (0, 1] from a
// std::mt19937_64 seeded with the options' seed, so a run is reproducible;
// an empty feature vector (and one of another length than the samples')
// scores 0. It never trains: update() only keeps the samples, and save()
// and load() write and read them in the common cost-model file format, so
// that the model behaves like the learned ones. A baseline for the search
// policies and a stand-in for tests. No options.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/CostModel/CostModel.h"

#include "CostModelUtils.h"

#include "llvm/ADT/ArrayRef.h"

#include <chrono>
#include <random>

using namespace mlir;
using namespace mlir::tuner;


namespace {
class RandomCostModel : public CostModel {
public:
  explicit RandomCostModel(uint64_t seed) : rng(seed) {}

  StringRef getName() const override { return "random"; }

  LogicalResult update(ArrayRef<CostSample> newSamples,
                       std::string &error) override {
    if (failed(detail::checkSamples(newSamples, numFeatures, error)))
      return failure();
    for (const CostSample &s : newSamples)
      if (!s.features.empty())
        samples.push_back(s);
    return success();
  }

  std::vector<double> predict(ArrayRef<FeatureVector> features) override {
    auto start = std::chrono::steady_clock::now();
    std::vector<double> scores =
        detail::drawRandomScores(features, numFeatures, rng);
    predictSeconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    return scores;
  }

  bool isTrained() const override { return false; }

  size_t getNumSamples() const override { return samples.size(); }
  size_t getNumFeatures() const override { return numFeatures; }

  LogicalResult save(StringRef path, std::string &error) const override {
    return detail::writeCostModelFile(path, getName(), numFeatures, samples,
                                      /*booster=*/"", error);
  }

  LogicalResult load(StringRef path, std::string &error) override {
    size_t fileFeatures = 0;
    std::vector<CostSample> fileSamples;
    std::string booster;
    if (failed(detail::readCostModelFile(path, getName(), fileFeatures,
                                         fileSamples, booster, error)))
      return failure();
    if (!fileSamples.empty() && numFeatures != 0 &&
        fileFeatures != numFeatures) {
      error = "cost model file '" + path.str() + "' has " +
              std::to_string(fileFeatures) + " features, the model's " +
              "samples have " + std::to_string(numFeatures);
      return failure();
    }
    if (!fileSamples.empty())
      numFeatures = fileFeatures;
    samples.insert(samples.end(), fileSamples.begin(), fileSamples.end());
    return success();
  }

private:
  std::mt19937_64 rng;
  std::vector<CostSample> samples;
  /// Length of the samples' feature vectors; 0 before the first sample.
  size_t numFeatures = 0;
};
} // namespace

FailureOr<std::unique_ptr<CostModel>>
mlir::tuner::createRandomCostModel(const CostModelOptions &options,
                                   std::string &error) {
  if (!options.options.empty()) {
    error = "cost model 'random' has no options";
    return failure();
  }
  return std::unique_ptr<CostModel>(new RandomCostModel(options.seed));
}
