//===- ApplyBest.h - annotate a module from a database ----------*- C++ -*-===//
//
// What `sched-apply-best` does, as a library function: every anchor op gets
// the config of its task's best valid record on the target, and, with
// transfer, a task without records gets an adapted config of the most
// similar recorded task (Transfer.h). Nothing is measured.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_TRANSFER_APPLYBEST_H
#define TUNER_TUNER_TRANSFER_APPLYBEST_H

#include "mlir/IR/BuiltinOps.h"

#include <string>

namespace mlir::tuner {

struct ApplyBestOptions {
  /// The database to read (required).
  std::string database;
  /// The `target=` option (Target.h); empty: the module's sched.target, else
  /// the host.
  std::string target;
  /// Annotate tasks without records from the most similar recorded task.
  bool transfer = false;
  /// With transfer, rank the adaptations and the default config with the
  /// cost model saved beside the database, when there is one.
  bool useModel = false;
};

/// How the tasks of a module were annotated.
struct ApplyBestSummary {
  unsigned fromOwnRecords = 0, transferred = 0, keptDefault = 0, none = 0;
};

/// Annotates the anchor ops of `module` (and the module with its target).
/// Reports, as diagnostics: warnings for records that do not fit a task's
/// space and for tasks left without a config, a remark per transferred task
/// and (with transfer) a summary remark on the module. Fails, with an error
/// at the module's location, without a database, or when it or the target
/// cannot be read.
FailureOr<ApplyBestSummary> applyBestConfigs(ModuleOp module,
                                             const ApplyBestOptions &options);

} // namespace mlir::tuner

#endif // TUNER_TUNER_TRANSFER_APPLYBEST_H
