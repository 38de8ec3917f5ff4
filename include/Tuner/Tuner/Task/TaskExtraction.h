//===- TaskExtraction.h - find tuning tasks in a program --------*- C++ -*-===//
//
// A tuning task is an anchor op (a linalg op with a reduction iterator: a
// contraction, a convolution, a reduction) together with the elementwise ops
// that a schedule fuses with it: the producer of its accumulator (a fill) and
// a chain of elementwise consumers (bias, activation). Every other linalg op
// (an elementwise op, a transpose, a fill no anchor took) is a task of its
// own, so that every op of a program gets a schedule. Identical groups share
// a workload key and collapse into one task whose weight counts them.
//
// docs/TaskExtraction.md describes the rules and exactly what the workload key
// hashes.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_TASK_TASKEXTRACTION_H
#define TUNER_TUNER_TASK_TASKEXTRACTION_H

#include "Tuner/Analysis/OpClass.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace mlir::tuner {

/// The ops of one occurrence of a task, in execution order. The anchor is the
/// op whose #sched.config schedules the group; a group whose anchor has no
/// reduction loop (an elementwise op, a transpose) is that op alone.
struct FusedGroup {
  /// Producers of the anchor's accumulator (a fill, or an elementwise op that
  /// initializes it), outermost first.
  SmallVector<linalg::LinalgOp> producers;
  /// The anchor op.
  linalg::LinalgOp anchor;
  /// The chain of elementwise consumers of the anchor's result, in order.
  SmallVector<linalg::LinalgOp> consumers;

  /// All ops of the group in execution order (producers, anchor, consumers).
  SmallVector<Operation *> getOps() const;
  /// The op whose result the group produces (the last consumer, or the
  /// anchor when there is none).
  Operation *getRoot() const;
};

/// A tuning task: one or more identical fused groups.
struct Task {
  /// Workload key: hex digest of `workload` (see docs/TaskExtraction.md).
  std::string key;
  /// A readable name, e.g. "matmul_64x512x256" (not unique).
  std::string name;
  /// The canonical description of the group that `key` hashes.
  std::string workload;
  /// Number of occurrences in the program.
  int64_t weight = 0;
  /// Arithmetic operations of one occurrence (a multiply-add counts 2).
  int64_t flops = 0;
  /// Bytes the group reads and writes once (its inputs and result; the
  /// roofline's memory traffic).
  int64_t bytes = 0;
  /// What the anchor computes.
  OpClass opClass = OpClass::Elementwise;
  /// Every occurrence, in program order. The first one is the representative
  /// used to build the task's standalone kernel.
  SmallVector<FusedGroup> occurrences;
};

struct TaskExtractionOptions {
  /// Fuse the producer of the anchor's accumulator (a fill) into the task.
  bool fuseProducers = true;
  /// Fuse the chain of elementwise consumers into the task.
  bool fuseConsumers = true;
  /// Make every linalg op outside an anchor's group a task of its own
  /// (elementwise ops, transposes, fills), so that none is left unscheduled.
  bool allOps = true;
};

/// Returns true if `op` is an anchor op: a linalg op with at least one
/// reduction iterator. (It may still be rejected by `extractTasks` for
/// dynamic shapes or buffer semantics.)
bool isAnchorOp(Operation *op);

/// Why `op`, a linalg op, cannot be scheduled (buffer semantics, dynamic or
/// empty loop ranges), or an empty string when it can.
std::string getUnschedulableReason(linalg::LinalgOp op);

/// Builds the fused group around an anchor op (any schedulable linalg op:
/// an op without reduction loops makes a group of its own).
FusedGroup buildFusedGroup(linalg::LinalgOp anchor,
                           const TaskExtractionOptions &options = {});

/// The canonical, location-free description of a fused group: op names,
/// attributes (except `sched.*`), indexing maps and iterators, bodies,
/// operand and result types, and how values flow between the group's ops.
std::string computeWorkloadString(const FusedGroup &group);

/// The workload key of a canonical description: the first 16 hex digits of
/// its MD5 digest.
std::string computeWorkloadKey(StringRef workload);

/// A readable name for an anchor op: its op name and static loop ranges.
std::string getTaskName(const FusedGroup &group);

/// Finds every task under `root` (tasks deduplicated across functions), in
/// program order of their first occurrence. Linalg ops that cannot become
/// tasks (dynamic shapes, buffer semantics) get a warning and are skipped;
/// so do aggregate ops that must be decomposed first (linalg.softmax). An op
/// with an empty loop range computes nothing and is skipped silently.
std::vector<Task> extractTasks(Operation *root,
                               const TaskExtractionOptions &options = {});

/// The JSON task list written by `sched-extract-tasks task-list=FILE`.
llvm::json::Value tasksToJSON(ArrayRef<Task> tasks);

/// The task's workload as the database records it: name, anchor op, FLOPs,
/// loop ranges, and every operand's shape and element type.
llvm::json::Object describeWorkload(const Task &task);

} // namespace mlir::tuner

#endif // TUNER_TUNER_TASK_TASKEXTRACTION_H
