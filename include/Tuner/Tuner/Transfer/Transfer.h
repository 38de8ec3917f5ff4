//===- Transfer.h - transfer-tuning across shapes and models ----*- C++ -*-===//
//
// Transfer-tuning (algorithms.md §6.2): a task with no record of its own
// borrows the best configs of the most similar recorded tasks (same anchor
// op, operands of the same ranks and element types, nearest shapes), each
// knob moved to the nearest legal value of the new task's space. Two users:
//
//   * sched-apply-best transfer=true: zero measurements; the nearest task's
//     best adaptation, or with use-model=true the best predicted by the cost
//     model saved with the database among the adaptations and the default;
//   * tuner-tune transfer-from=FILE: the first adaptations (nearest task
//     first) are measured right after the default config.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_TRANSFER_TRANSFER_H
#define TUNER_TUNER_TRANSFER_TRANSFER_H

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"
#include "Tuner/Tuner/Database/Database.h"
#include "Tuner/Tuner/Task/TaskExtraction.h"

#include "llvm/ADT/DenseSet.h"

#include <string>
#include <vector>

namespace mlir::tuner {

class CostModel;

/// A recorded config of another task, adapted to the task at hand.
struct TransferCandidate {
  /// The adapted config (a valid point of the task's space).
  sched::ConfigAttr config;
  /// Where it came from: the task, its name, its shape distance, the rank of
  /// the config among that task's records (0 = its best) and its time.
  std::string sourceKey, sourceName;
  double distance = 0;
  unsigned sourceRank = 0;
  double sourceSeconds = 0;
  /// The cost model's score on the task (higher is better); 0 unranked.
  double predicted = 0;
};

/// The configs of task `taskKey` on `targetText` that have a WRONG_ANSWER
/// record in `db` (whatever other records of them say): never to be
/// annotated or transferred.
llvm::DenseSet<sched::ConfigAttr> getFailedConfigs(const Database &db,
                                                   StringRef taskKey,
                                                   StringRef targetText,
                                                   MLIRContext *ctx);

/// The adaptations to `task` of the best configs of the recorded tasks most
/// similar to it on `target` (printed as `targetText` in the records): up to
/// `maxSources` tasks, nearest first, up to `perSource` configs each, best
/// first. Configs that do not adapt (another sketch space, a violated
/// constraint) are skipped, duplicates after adaptation dropped; so are
/// configs that failed the result check, on their own task or, adapted, on
/// `task` (getFailedConfigs).
std::vector<TransferCandidate>
getTransferCandidates(const Database &db, const Task &task,
                      sched::TargetAttr target, StringRef targetText,
                      unsigned maxSources = 3, unsigned perSource = 4);

/// Scores `configs` for `task` with `model` (their features computed on the
/// task), higher is better; a config that cannot be featurized scores
/// -infinity. Fails when the model is not trained.
FailureOr<std::vector<double>>
predictConfigs(CostModel &model, const Task &task, sched::TargetAttr target,
               ArrayRef<sched::ConfigAttr> configs);

/// The cost model saved with database `dbPath` for `task` when there is
/// one: `<db>.model.json`, or a family's file (`<db>.model.<anchor op>.json`,
/// `<db>.model.<key>.json`); null otherwise (or when it does not load).
std::unique_ptr<CostModel> loadDatabaseCostModel(StringRef dbPath,
                                                 const Task &task);

} // namespace mlir::tuner

#endif // TUNER_TUNER_TRANSFER_TRANSFER_H
