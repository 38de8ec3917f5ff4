//===- CostModels.cpp - the cost models of a tuning run -------------------===//
//
// Part of the setup: one cost model per family of tasks (`families=`), each
// loaded from its file when one exists (a warm start), and a scorer per
// task that featurizes candidates through the run's featurizer
// (Featurizer.h: features jobs on the measurer's builders). The models are
// trained by the cost-model trainer callback (Callbacks/CostModelTrainer.cpp).
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::tuner;

namespace {
/// The family of a task: one for all tasks (none), one per anchor op (op),
/// one per task (key).
std::string getFamily(FamilyMode mode, const Task &task) {
  switch (mode) {
  case FamilyMode::Op:
    return task.occurrences.front().anchor->getName().getStringRef().str();
  case FamilyMode::Key:
    return task.key;
  case FamilyMode::None:
    break;
  }
  return "";
}

/// The model file of a family: the run's model file for the single family
/// of families=none, else the family's name inserted before ".json".
std::string getFamilyFile(StringRef file, StringRef family) {
  if (file.empty() || family.empty())
    return file.str();
  StringRef stem = file;
  stem.consume_back(".json");
  return (stem + "." + family + ".json").str();
}

/// Makes the run's cost models; under `auto` without options, the first
/// failure to make an xgboost model switches the run to random.
class ModelFactory {
public:
  explicit ModelFactory(TuningState &state) : state(state) {
    const TuningOptions &o = state.options;
    options.seed = o.search.seed;
    // One thread: training takes tens of milliseconds, and idle OpenMP
    // threads spinning in this process would steal cores from the workers.
    options.threads = 1;
    options.options = o.costModel.options;
    name = o.costModel.kind == CostModelKind::Random ? "random" : "xgboost";
  }

  FailureOr<std::unique_ptr<CostModel>> make() {
    auto created = createCostModel(name, options, error);
    if (failed(created) && name == "xgboost" &&
        state.options.costModel.kind == CostModelKind::Auto &&
        options.options.empty()) {
      emitRemark(state.loc)
          << "tuner-tune: " << error << "; using the random cost model";
      name = "random";
      created = createCostModel(name, options, error);
    }
    if (failed(created))
      return emitError(state.loc) << "tuner-tune: " << error;
    return created;
  }

  /// A model for `family`, loaded from its file when there is one.
  FailureOr<std::unique_ptr<FamilyModel>> makeFamily(StringRef family,
                                                     StringRef modelFile) {
    auto f = std::make_unique<FamilyModel>();
    f->name = family.str();
    f->file = getFamilyFile(modelFile, family);
    auto created = make();
    if (failed(created))
      return failure();
    f->model = std::move(*created);
    if (f->file.empty() || !llvm::sys::fs::exists(f->file))
      return f;
    error.clear();
    unsigned numFeatures = state.featurizer->getNumFeatures();
    if (succeeded(f->model->load(f->file, error)) &&
        f->model->getNumFeatures() == numFeatures) {
      f->warm = true;
      return f;
    }
    if (error.empty())
      error = llvm::formatv("the cost model in '{0}' was trained on {1} "
                            "features, this tuner computes {2}",
                            f->file, f->model->getNumFeatures(), numFeatures);
    emitWarning(state.loc) << "tuner-tune: " << error
                           << "; the cost model starts cold";
    created = make();
    if (failed(created))
      return failure();
    f->model = std::move(*created);
    return f;
  }

private:
  TuningState &state;
  CostModelOptions options;
  std::string name, error;
};
} // namespace

LogicalResult mlir::tuner::detail::createCostModels(TuningState &state) {
  const TuningOptions &o = state.options;
  bool wantModel = o.costModel.kind != CostModelKind::None &&
                   state.tasks.front()->policy->usesCostModel();
  if (!wantModel)
    return success();
  std::string modelFile = o.costModel.file;
  if (modelFile.empty() && !o.records.database.empty())
    modelFile = o.records.database + ".model.json";
  ModelFactory factory(state);
  llvm::StringMap<FamilyModel *> byName;
  MLIRContext *ctx = state.getContext();
  Location loc = state.loc;
  for (auto &t : state.tasks) {
    std::string name = getFamily(o.costModel.families, t->task);
    FamilyModel *&family = byName[name];
    if (!family) {
      auto made = factory.makeFamily(name, modelFile);
      if (failed(made))
        return failure();
      state.families.push_back(std::move(*made));
      family = state.families.back().get();
    }
    t->family = family;
    TaskState *raw = t.get();
    Featurizer *featurizer = state.featurizer.get();
    t->scorer = std::make_unique<TaskScorer>(
        *t->space, *family->model,
        [raw, featurizer, ctx, loc](ArrayRef<Candidate> candidates) {
          std::vector<MeasureInput> inputs;
          for (const Candidate &c : candidates)
            inputs.push_back({raw->space->toConfig(ctx, c)});
          return featurizer->featurize(
              raw->measureTask, inputs,
              [&](StringRef message) { emitWarning(loc) << message; });
        });
    t->context->scorer = t->scorer.get();
  }
  return success();
}
