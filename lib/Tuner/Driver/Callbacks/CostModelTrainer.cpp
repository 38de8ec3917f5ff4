//===- CostModelTrainer.cpp - train the cost models on measurements -------===//
//
// MetaSchedule's UpdateCostModel: after every round, the round's results
// train the cost model of the task's family (labels: throughput relative to
// the task's first valid measurement), which is then saved to its file so
// that a later run starts warm. A cold model first learns from the resumed
// records (a saved model already holds them). Training problems are
// warnings: the search goes on with the model as it was.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Driver/MeasureCallback.h"

#include "mlir/IR/Diagnostics.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tuner;

namespace {
class CostModelTrainer : public MeasureCallback {
public:
  StringRef getName() const override { return "cost-model-trainer"; }

  LogicalResult begin(TuningState &state) override {
    for (auto &t : state.tasks)
      if (t->family && !t->family->warm && !t->history.empty())
        train(state, *t, t->history);
    return success();
  }

  LogicalResult onBatch(TuningState &state, TaskState &task,
                        ArrayRef<MeasureResult> results) override {
    std::vector<MeasuredCandidate> measured;
    for (const MeasureResult &m : results)
      measured.push_back({m.candidate, m.isValid() ? m.output.seconds
                                                   : std::vector<double>()});
    train(state, task, measured);
    return success();
  }

private:
  void train(TuningState &state, TaskState &task,
             ArrayRef<MeasuredCandidate> results) {
    if (!task.family || results.empty())
      return;
    CostModel &model = *task.family->model;
    SmallVector<Candidate> candidates;
    for (const MeasuredCandidate &m : results)
      candidates.push_back(m.candidate);
    std::vector<const FeatureVector *> features =
        task.scorer->getFeatures(candidates);
    std::vector<CostSample> samples;
    for (auto [m, f] : llvm::zip(results, features)) {
      if (f->empty())
        continue;
      double median = m.median();
      if (std::isfinite(median) && task.labelReference == 0)
        task.labelReference = median;
      float label =
          std::isfinite(median) ? float(task.labelReference / median) : 0.f;
      samples.push_back({*f, label, task.task.key + "@" + state.targetText});
    }
    std::string error;
    if (failed(model.update(samples, error))) {
      emitWarning(state.loc) << "tuner-tune: cost model: " << error;
      return;
    }
    ++state.report.modelUpdates;
    const std::string &file = task.family->file;
    if (!file.empty() && failed(model.save(file, error)))
      emitWarning(state.loc) << "tuner-tune: " << error;
  }
};
} // namespace

std::unique_ptr<MeasureCallback> mlir::tuner::createCostModelTrainer() {
  return std::make_unique<CostModelTrainer>();
}
