//===- TaskScheduler.h - which task gets the next round ---------*- C++ -*-===//
//
// The driver tunes a model's tasks in rounds: a round gives one task one
// batch of candidates from its policy. A task scheduler decides which task
// gets the next round; the objective is the model's estimated end-to-end
// latency, the sum over the tasks of weight x best latency.
//
//   round-robin  every task still searching in turn
//   gradient     Ansor's gradient scheduler (algorithms.md §1.10): after a
//                warm-up round for every task, the task whose next round is
//                expected to lower the objective most
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_SEARCH_TASKSCHEDULER_H
#define TUNER_TUNER_SEARCH_TASKSCHEDULER_H

#include "mlir/Support/LLVM.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir::tuner {

/// What a scheduler knows of a task.
struct ScheduledTask {
  /// How many times the task occurs in the model (the objective's weight).
  double weight = 1;
  /// Useful floating-point operations of one occurrence.
  double flops = 0;
  /// Tasks of the same group are similar (the same anchor op): their best
  /// throughputs bound each other's (Ansor's similar-task term).
  std::string group;
};

class TaskScheduler {
public:
  virtual ~TaskScheduler();

  virtual StringRef getName() const = 0;

  /// The task that gets the next round, or nullopt when none is left.
  virtual std::optional<size_t> next() = 0;

  /// Task `task` finished a round: `bestSeconds` is its best latency so far
  /// (infinity while it has no valid measurement); `exhausted` when it
  /// could not produce candidates (its space or budget is used up): it
  /// gets no more rounds.
  virtual void update(size_t task, double bestSeconds, bool exhausted) = 0;

  /// Rounds task `task` has had.
  virtual unsigned getRounds(size_t task) const = 0;
};

/// The scheduler names `createTaskScheduler` accepts.
ArrayRef<StringRef> getTaskSchedulerNames();

/// Creates the scheduler `name` over `tasks`, with its `name=value` options
/// (gradient: alpha, beta, window, eps-greedy, warmup-rounds); nullptr and
/// `error` for an unknown name or a bad option.
std::unique_ptr<TaskScheduler>
createTaskScheduler(StringRef name, std::vector<ScheduledTask> tasks,
                    const llvm::StringMap<std::string> &options, uint64_t seed,
                    std::string &error);

} // namespace mlir::tuner

#endif // TUNER_TUNER_SEARCH_TASKSCHEDULER_H
