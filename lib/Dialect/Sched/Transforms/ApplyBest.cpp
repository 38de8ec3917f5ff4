//===- ApplyBest.cpp - the sched-apply-best pass --------------------------===//
//
// Annotates anchor ops with the best configs recorded in a database.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"
#include "Tuner/Dialect/Sched/Transforms/Passes.h"
#include "Tuner/Tuner/Database/Database.h"
#include "Tuner/Tuner/Sketch/Materialize.h"
#include "Tuner/Tuner/Target/Target.h"
#include "Tuner/Tuner/Task/TaskExtraction.h"

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

  /// The best config of the most similar recorded task, adapted to
  /// `task`'s shape; null when no similar task has a config that fits.
  ConfigAttr transferConfig(const Database &db, const Task &task,
                            TargetAttr target, StringRef targetText) {
    MLIRContext *ctx = &getContext();
    Operation *anchor = task.occurrences.front().anchor;
    for (const auto &[key, distance] :
         db.getSimilarTasks(describeWorkload(task), task.key, targetText)) {
      // The source's few best configs, best first: the first that adapts.
      for (const Record *record : db.getBest(key, targetText, /*limit=*/3)) {
        ConfigAttr config = record->getConfig(ctx);
        if (!config)
          continue;
        std::string error;
        FailureOr<std::unique_ptr<SketchInstance>> instance =
            instantiateSketch(config.getSketch(), task.occurrences.front(),
                              target, error);
        if (failed(instance))
          continue;
        FailureOr<KnobChoice> choice = (*instance)->adaptConfig(config, error);
        if (failed(choice))
          continue;
        std::optional<StringRef> name = record->workload.getString("name");
        anchor->emitRemark()
            << "sched-apply-best: no record of its own; transferred the "
               "config of task '"
            << (name ? *name : StringRef(key)) << "' (key " << key
            << ", shape distance " << llvm::formatv("{0:f2}", distance)
            << ")";
        return (*instance)->toConfig(ctx, *choice);
      }
    }
    return nullptr;
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
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
    auto db = Database::open(
        database, /*forAppend=*/false,
        [&](unsigned line, StringRef why) {
          emitWarning(loc) << "database '" << database << "', line " << line
                           << ": " << why << "; the line is skipped";
        },
        error);
    if (failed(db)) {
      emitError(loc) << error;
      return signalPassFailure();
    }
    std::string targetText;
    llvm::raw_string_ostream(targetText) << *target;
    setTarget(module, *target);

    unsigned own = 0, transferred = 0, none = 0;
    for (const Task &task : extractTasks(module)) {
      Operation *anchor = task.occurrences.front().anchor;
      std::vector<const Record *> best =
          (*db)->getBest(task.key, targetText, /*limit=*/0);
      ConfigAttr chosen;
      for (const Record *record : best) {
        ConfigAttr config = record->getConfig(ctx);
        FailureOr<std::unique_ptr<SketchInstance>> instance =
            config ? instantiateSketch(config.getSketch(),
                                       task.occurrences.front(), *target,
                                       error)
                   : FailureOr<std::unique_ptr<SketchInstance>>(failure());
        if (succeeded(instance) &&
            succeeded((*instance)->fromConfig(config, error))) {
          chosen = config;
          break;
        }
        anchor->emitWarning()
            << "sched-apply-best: a record of this task does not fit its "
               "space (" << error << "); trying the next best";
      }
      if (chosen) {
        ++own;
      } else if (transfer) {
        chosen = transferConfig(**db, task, *target, targetText);
        if (chosen)
          ++transferred;
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
                      << " by transfer, " << none << " without a config";
  }
};
} // namespace
