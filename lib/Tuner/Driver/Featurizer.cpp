//===- Featurizer.cpp - the cost model's features of candidates -----------===//

#include "Tuner/Tuner/Driver/Featurizer.h"

#include "Tuner/Tuner/CostModel/FeatureJob.h"
#include "Tuner/Tuner/CostModel/Features.h"
#include "Tuner/Tuner/Measure/Worker.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::tuner;

Featurizer::~Featurizer() = default;

namespace {
llvm::StringMap<FeaturizerFactory> &getFeaturizers() {
  static llvm::StringMap<FeaturizerFactory> featurizers;
  return featurizers;
}

/// Candidates per features job at most.
constexpr size_t kMaxChunk = 32;

class BuilderFeaturizer : public Featurizer {
public:
  explicit BuilderFeaturizer(Measurer &measurer) : measurer(measurer) {}

  std::vector<FeatureVector> featurize(MeasureTask &task,
                                       ArrayRef<MeasureInput> inputs,
                                       const MeasureWarnFn &warn) override;
  unsigned getNumFeatures() const override { return tuner::getNumFeatures(); }

private:
  Measurer &measurer;
};
} // namespace

std::vector<FeatureVector>
BuilderFeaturizer::featurize(MeasureTask &task, ArrayRef<MeasureInput> inputs,
                             const MeasureWarnFn &warn) {
  std::vector<FeatureVector> result(inputs.size());
  std::vector<llvm::json::Value> jobs;
  std::vector<std::pair<size_t, size_t>> chunks; // [begin, end)
  // A chunk per builder, a few dozen candidates at most.
  size_t builders = std::max(1u, measurer.getNumBuilders());
  size_t perChunk = std::clamp<size_t>(
      (inputs.size() + builders - 1) / builders, 1, kMaxChunk);
  for (size_t begin = 0; begin < inputs.size(); begin += perChunk) {
    size_t end = std::min(inputs.size(), begin + perChunk);
    FeatureRequest request{task.module, task.target, {}};
    for (size_t i = begin; i < end; ++i)
      llvm::raw_string_ostream(request.configs.emplace_back())
          << inputs[i].config;
    jobs.push_back(toJSON(request));
    chunks.push_back({begin, end});
  }
  std::vector<BuilderJobResult> answers =
      measurer.runOnBuilders(kFeatureJobKind, jobs);
  size_t lost = 0;
  std::string why;
  for (auto [chunk, answer] : llvm::zip(chunks, answers)) {
    auto [begin, end] = chunk;
    FeatureOutcome outcome;
    if (answer.answer && fromJSON(*answer.answer, outcome) &&
        outcome.features.size() == end - begin) {
      for (size_t i = begin; i < end; ++i)
        result[i] = std::move(outcome.features[i - begin]);
      continue;
    }
    lost += end - begin;
    why = answer.answer ? "a malformed answer from a builder" : answer.why;
  }
  if (lost)
    warn(llvm::formatv("{0} candidates of task '{1}' could not be featurized "
                       "({2}); the cost model ranks them last",
                       lost, task.name, why)
             .str());
  return result;
}

void mlir::tuner::registerFeaturizer(StringRef measurerName,
                                     FeaturizerFactory factory) {
  getFeaturizers().try_emplace(measurerName, std::move(factory));
}

std::unique_ptr<Featurizer>
mlir::tuner::createFeaturizer(StringRef measurerName, Measurer &measurer) {
  auto it = getFeaturizers().find(measurerName);
  if (it != getFeaturizers().end())
    return it->second(measurer);
  return createBuilderFeaturizer(measurer);
}

std::unique_ptr<Featurizer>
mlir::tuner::createBuilderFeaturizer(Measurer &measurer) {
  return std::make_unique<BuilderFeaturizer>(measurer);
}

void mlir::tuner::registerTunerWorkerJobs() {
  registerWorkerJob(kFeatureJobKind, runFeatureJob);
}
