//===- Transfer.cpp - transfer-tuning across shapes and models ------------===//

#include "Tuner/Tuner/Transfer/Transfer.h"

#include "Tuner/Tuner/CostModel/CostModel.h"
#include "Tuner/Tuner/CostModel/Features.h"
#include "Tuner/Tuner/Sketch/Materialize.h"
#include "Tuner/Tuner/Task/TaskModule.h"
#include "Tuner/Tuner/Transfer/Similarity.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/FileSystem.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;

llvm::DenseSet<ConfigAttr> mlir::tuner::getFailedConfigs(const Database &db,
                                                         StringRef taskKey,
                                                         StringRef targetText,
                                                         MLIRContext *ctx) {
  llvm::DenseSet<ConfigAttr> failed;
  for (const Record &r : db.getRecords())
    if (r.error == MeasureError::WrongAnswer && r.taskKey == taskKey &&
        r.target == targetText)
      if (ConfigAttr config = r.getConfig(ctx))
        failed.insert(config);
  return failed;
}

std::vector<TransferCandidate>
mlir::tuner::getTransferCandidates(const Database &db, const Task &task,
                                   TargetAttr target, StringRef targetText,
                                   unsigned maxSources, unsigned perSource) {
  MLIRContext *ctx = target.getContext();
  const FusedGroup &group = task.occurrences.front();
  std::vector<TransferCandidate> candidates;
  llvm::DenseSet<ConfigAttr> seen =
      getFailedConfigs(db, task.key, targetText, ctx);
  unsigned sources = 0;
  for (const auto &[key, distance] :
       getSimilarTasks(db, describeWorkload(task), task.key, targetText)) {
    if (sources == maxSources)
      break;
    bool used = false;
    llvm::DenseSet<ConfigAttr> failedAtSource =
        getFailedConfigs(db, key, targetText, ctx);
    for (auto [rank, record] :
         llvm::enumerate(db.getBest(key, targetText, perSource))) {
      ConfigAttr config = record->getConfig(ctx);
      if (!config || failedAtSource.contains(config))
        continue;
      std::string error;
      FailureOr<std::unique_ptr<SketchInstance>> instance =
          instantiateSketch(config.getSketch(), group, target, error);
      if (failed(instance))
        continue;
      FailureOr<KnobChoice> choice = (*instance)->adaptConfig(config, error);
      if (failed(choice))
        continue;
      // Attributes are uniqued: equal adaptations are the same attribute.
      ConfigAttr adapted = (*instance)->toConfig(ctx, *choice);
      if (!seen.insert(adapted).second)
        continue;
      TransferCandidate c;
      c.config = adapted;
      c.sourceKey = key;
      std::optional<StringRef> name = record->workload.getString("name");
      c.sourceName = name ? name->str() : key;
      c.distance = distance;
      c.sourceRank = rank;
      c.sourceSeconds = record->median();
      candidates.push_back(std::move(c));
      used = true;
    }
    sources += used;
  }
  return candidates;
}

FailureOr<std::vector<double>>
mlir::tuner::predictConfigs(CostModel &model, const Task &task,
                            TargetAttr target, ArrayRef<ConfigAttr> configs) {
  if (!model.isTrained())
    return failure();
  OwningOpRef<ModuleOp> taskModule =
      buildTaskModule(task.occurrences.front(), "transfer_task", &task);
  std::vector<FeatureVector> features;
  std::vector<size_t> rows;
  for (auto [i, config] : llvm::enumerate(configs)) {
    std::string error;
    FeatureVector f = featurizeConfig(*taskModule, target, config, error);
    if (f.empty())
      continue;
    features.push_back(std::move(f));
    rows.push_back(i);
  }
  std::vector<double> scores(configs.size(),
                             -std::numeric_limits<double>::infinity());
  if (features.empty())
    return scores;
  std::vector<double> predicted = model.predict(features);
  for (auto [row, score] : llvm::zip(rows, predicted))
    scores[row] = score;
  return scores;
}

std::unique_ptr<CostModel>
mlir::tuner::loadDatabaseCostModel(StringRef dbPath, const Task &task) {
  std::string stem = (dbPath + ".model").str();
  std::string op =
      task.occurrences.front().anchor->getName().getStringRef().str();
  for (std::string file : {stem + ".json", stem + "." + op + ".json",
                           stem + "." + task.key + ".json"}) {
    if (!llvm::sys::fs::exists(file))
      continue;
    CostModelOptions options;
    options.threads = 1;
    std::string error;
    auto model = createCostModel("xgboost", options, error);
    if (failed(model) || failed((*model)->load(file, error)) ||
        (*model)->getNumFeatures() != getNumFeatures())
      return nullptr;
    return std::move(*model);
  }
  return nullptr;
}
