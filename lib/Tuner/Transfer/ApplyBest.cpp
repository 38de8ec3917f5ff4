//===- ApplyBest.cpp - annotate a module from a database ------------------===//
//
// The logic of `sched-apply-best` (see ApplyBest.h); the pass only calls
// applyBestConfigs.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Transfer/ApplyBest.h"

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"
#include "Tuner/Tuner/CostModel/CostModel.h"
#include "Tuner/Tuner/Database/Database.h"
#include "Tuner/Tuner/Sketch/Materialize.h"
#include "Tuner/Tuner/Sketch/Sketch.h"
#include "Tuner/Tuner/Target/Target.h"
#include "Tuner/Tuner/Task/TaskExtraction.h"
#include "Tuner/Tuner/Transfer/Transfer.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;

namespace {
std::string describe(const TransferCandidate &c) {
  return llvm::formatv("task '{0}' (key {1}, shape distance {2:f2}, its "
                       "config #{3})",
                       c.sourceName, c.sourceKey, c.distance, c.sourceRank + 1)
      .str();
}

/// A config for `task` from the records of similar tasks: their best configs
/// adapted to its shape and, when the database has a saved cost model and
/// `useModel`, ranked by it together with the task's default config (which
/// wins when the model expects every transfer to be slower). Null when no
/// similar task has a config that fits. `keptDefault` says whether the model
/// chose the default.
ConfigAttr transferConfig(const Database &db, const Task &task,
                          TargetAttr target, StringRef targetText,
                          const ApplyBestOptions &options, bool &keptDefault) {
  keptDefault = false;
  const FusedGroup &group = task.occurrences.front();
  Operation *anchor = group.anchor;
  MLIRContext *ctx = anchor->getContext();
  std::vector<TransferCandidate> candidates =
      getTransferCandidates(db, task, target, targetText);
  if (candidates.empty())
    return nullptr;

  std::unique_ptr<CostModel> model =
      options.useModel ? loadDatabaseCostModel(options.database, task)
                       : nullptr;
  auto instances = instantiateSketches(group, target);
  if (!model || instances.empty()) {
    anchor->emitRemark() << "sched-apply-best: no record of its own; "
                            "transferred the config of "
                         << describe(candidates.front());
    return candidates.front().config;
  }
  SmallVector<ConfigAttr> configs;
  ConfigAttr defaultConfig =
      instances.front()->toConfig(ctx, instances.front()->getDefault());
  configs.push_back(defaultConfig);
  for (const TransferCandidate &c : candidates)
    configs.push_back(c.config);
  FailureOr<std::vector<double>> scores =
      predictConfigs(*model, task, target, configs);
  if (failed(scores)) {
    anchor->emitRemark() << "sched-apply-best: no record of its own; "
                            "transferred the config of "
                         << describe(candidates.front())
                         << " (the saved cost model is not trained)";
    return candidates.front().config;
  }
  size_t best =
      std::max_element(scores->begin(), scores->end()) - scores->begin();
  if (best == 0) {
    keptDefault = true;
    anchor->emitRemark()
        << "sched-apply-best: no record of its own; kept the default "
           "config: the database's cost model ranks it above the "
        << candidates.size() << " transferred configs";
    return defaultConfig;
  }
  anchor->emitRemark() << "sched-apply-best: no record of its own; "
                          "transferred the config of "
                       << describe(candidates[best - 1]) << ", ranked first of "
                       << configs.size()
                       << " (the default included) by the database's "
                          "cost model";
  return candidates[best - 1].config;
}

/// The config of the best record of `task` that fits its space; warns about
/// the records that do not fit. Null when none does.
ConfigAttr ownBestConfig(const Database &db, const Task &task,
                         TargetAttr target, StringRef targetText) {
  Operation *anchor = task.occurrences.front().anchor;
  MLIRContext *ctx = anchor->getContext();
  llvm::DenseSet<ConfigAttr> failedConfigs =
      getFailedConfigs(db, task.key, targetText, ctx);
  for (const Record *record : db.getBest(task.key, targetText, /*limit=*/0)) {
    // The database checked the record's structure; only the sketches know
    // whether its sketch exists and its knobs fit (a record of an older
    // space, of a test sketch, or one written by hand): such a record is
    // skipped, never chosen.
    ConfigAttr config = record->getConfig(ctx);
    // A config that failed the result check in some run is never applied,
    // whatever its other records say.
    if (failedConfigs.contains(config))
      continue;
    std::string why;
    FailureOr<std::unique_ptr<SketchInstance>> instance = instantiateSketch(
        config.getSketch(), task.occurrences.front(), target, why);
    if (succeeded(instance) && succeeded((*instance)->fromConfig(config, why)))
      return config;
    anchor->emitWarning() << "sched-apply-best: the record on line "
                          << record->line << " of database '" << db.getPath()
                          << "' does not fit this task's space (" << why
                          << "); trying the next best";
  }
  return nullptr;
}
} // namespace

FailureOr<ApplyBestSummary>
mlir::tuner::applyBestConfigs(ModuleOp module,
                              const ApplyBestOptions &options) {
  Location loc = module.getLoc();
  if (options.database.empty())
    return emitError(loc)
           << "sched-apply-best needs a database (database=FILE)";
  FailureOr<TargetAttr> target = resolveTarget(options.target, module);
  if (failed(target))
    return failure();
  std::string error;
  auto db = Database::openWithDiagnostics(options.database,
                                          /*forAppend=*/false, loc, error);
  if (failed(db))
    return emitError(loc) << error;
  std::string targetText;
  llvm::raw_string_ostream(targetText) << *target;
  setTarget(module, *target);

  ApplyBestSummary summary;
  for (const Task &task : extractTasks(module)) {
    ConfigAttr chosen = ownBestConfig(**db, task, *target, targetText);
    if (chosen) {
      ++summary.fromOwnRecords;
    } else if (options.transfer) {
      bool keptDefault = false;
      chosen =
          transferConfig(**db, task, *target, targetText, options, keptDefault);
      if (chosen)
        ++(keptDefault ? summary.keptDefault : summary.transferred);
    }
    if (!chosen) {
      ++summary.none;
      task.occurrences.front().anchor->emitWarning()
          << "sched-apply-best: no valid record for task '" << task.name
          << "' (key " << task.key << ") on this target";
      continue;
    }
    for (const FusedGroup &group : task.occurrences)
      setConfig(group.anchor, chosen);
  }
  if (options.transfer)
    emitRemark(loc) << "sched-apply-best: " << summary.fromOwnRecords
                    << " tasks from their own records, " << summary.transferred
                    << " by transfer, " << summary.keptDefault
                    << " kept their default (the cost model's choice), "
                    << summary.none << " without a config";
  return summary;
}
