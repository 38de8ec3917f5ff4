//===- ApplyBest.cpp - the sched-apply-best pass --------------------------===//
//
// Annotates anchor ops with the best configs recorded in a database.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Prepare.h"
#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"
#include "Tuner/Dialect/Sched/Transforms/Passes.h"
#include "Tuner/Tuner/CostModel/CostModel.h"
#include "Tuner/Tuner/Database/Database.h"
#include "Tuner/Tuner/Sketch/Materialize.h"
#include "Tuner/Tuner/Sketch/Sketch.h"
#include "Tuner/Tuner/Target/Target.h"
#include "Tuner/Tuner/Task/TaskExtraction.h"
#include "Tuner/Tuner/Transfer/Transfer.h"

#include "llvm/Support/FormatVariadic.h"

namespace mlir::sched {
#define GEN_PASS_DEF_SCHEDAPPLYBEST
#include "Tuner/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace mlir::sched

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;

namespace {
struct SchedApplyBestPass
    : public sched::impl::SchedApplyBestBase<SchedApplyBestPass> {
  using SchedApplyBestBase::SchedApplyBestBase;

  /// A config for `task` from the records of similar tasks: their best
  /// configs adapted to its shape and, when the database has a saved cost
  /// model, ranked by it together with the task's default config (which
  /// wins when the model expects every transfer to be slower). Null when no
  /// similar task has a config that fits. `keptDefault` says whether the
  /// model chose the default.
  ConfigAttr transferConfig(const Database &db, const Task &task,
                            TargetAttr target, StringRef targetText,
                            bool &keptDefault) {
    MLIRContext *ctx = &getContext();
    keptDefault = false;
    const FusedGroup &group = task.occurrences.front();
    Operation *anchor = group.anchor;
    std::vector<TransferCandidate> candidates =
        getTransferCandidates(db, task, target, targetText);
    if (candidates.empty())
      return nullptr;

    auto describe = [&](const TransferCandidate &c) {
      return llvm::formatv("task '{0}' (key {1}, shape distance {2:f2}, its "
                           "config #{3})",
                           c.sourceName, c.sourceKey, c.distance,
                           c.sourceRank + 1)
          .str();
    };
    std::unique_ptr<CostModel> model =
        useModel ? loadDatabaseCostModel(database, task) : nullptr;
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
                         << describe(candidates[best - 1])
                         << ", ranked first of " << configs.size()
                         << " (the default included) by the database's "
                            "cost model";
    return candidates[best - 1].config;
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (prepare && failed(tuner::prepareForScheduling(module)))
      return signalPassFailure();
    MLIRContext *ctx = &getContext();
    Location loc = module.getLoc();
    if (database.empty()) {
      emitError(loc) << "sched-apply-best needs a database (database=FILE)";
      return signalPassFailure();
    }
    FailureOr<TargetAttr> target = resolveTarget(this->target, module);
    if (failed(target))
      return signalPassFailure();
    std::string error;
    auto db = Database::openWithDiagnostics(database, /*forAppend=*/false, loc,
                                            error);
    if (failed(db)) {
      emitError(loc) << error;
      return signalPassFailure();
    }
    std::string targetText;
    llvm::raw_string_ostream(targetText) << *target;
    setTarget(module, *target);

    unsigned own = 0, transferred = 0, defaults = 0, none = 0;
    for (const Task &task : extractTasks(module)) {
      Operation *anchor = task.occurrences.front().anchor;
      std::vector<const Record *> best =
          (*db)->getBest(task.key, targetText, /*limit=*/0);
      ConfigAttr chosen;
      for (const Record *record : best) {
        // The database checked the record's structure; only the sketches
        // know whether its sketch exists and its knobs fit (a record of an
        // older space, or one written by hand): such a record is skipped,
        // never chosen.
        ConfigAttr config = record->getConfig(ctx);
        std::string why;
        FailureOr<std::unique_ptr<SketchInstance>> instance = instantiateSketch(
            config.getSketch(), task.occurrences.front(), *target, why);
        if (succeeded(instance) &&
            succeeded((*instance)->fromConfig(config, why))) {
          chosen = config;
          break;
        }
        anchor->emitWarning() << "sched-apply-best: the record on line "
                              << record->line << " of database '" << database
                              << "' does not fit this task's space (" << why
                              << "); trying the next best";
      }
      if (chosen) {
        ++own;
      } else if (transfer) {
        bool keptDefault = false;
        chosen = transferConfig(**db, task, *target, targetText, keptDefault);
        if (chosen)
          ++(keptDefault ? defaults : transferred);
      }
      if (!chosen) {
        ++none;
        anchor->emitWarning()
            << "sched-apply-best: no valid record for task '" << task.name
            << "' (key " << task.key << ") on this target";
        continue;
      }
      for (const FusedGroup &group : task.occurrences)
        setConfig(group.anchor, chosen);
    }
    if (transfer)
      emitRemark(loc) << "sched-apply-best: " << own
                      << " tasks from their own records, " << transferred
                      << " by transfer, " << defaults
                      << " kept their default (the cost model's choice), "
                      << none << " without a config";
  }
};
} // namespace
