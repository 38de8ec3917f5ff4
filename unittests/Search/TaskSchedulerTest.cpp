//===- TaskSchedulerTest.cpp - round-robin and gradient task schedulers ---===//
//
// The schedulers on simulated tasks whose best latency after each round is
// a known function of the rounds they had: the order of the warm-up, where
// the gradient scheduler spends its rounds (heavier tasks, tasks still
// improving), dead and exhausted tasks, exploration, options.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Search/TaskScheduler.h"

#include "gtest/gtest.h"

#include <cmath>
#include <functional>
#include <limits>

using namespace mlir;
using namespace mlir::tuner;

namespace {
/// Best latency of a task after `rounds` rounds.
using Curve = std::function<double(unsigned rounds)>;

std::unique_ptr<TaskScheduler> make(StringRef name,
                                    std::vector<ScheduledTask> tasks,
                                    llvm::StringMap<std::string> options = {}) {
  std::string error;
  auto scheduler = createTaskScheduler(name, std::move(tasks), options,
                                       /*seed=*/1, error);
  EXPECT_TRUE(scheduler) << error;
  return scheduler;
}

/// Runs `rounds` rounds; returns the tasks in the order they were picked.
std::vector<size_t> simulate(TaskScheduler &scheduler,
                             const std::vector<Curve> &curves,
                             unsigned rounds) {
  std::vector<size_t> order;
  for (unsigned r = 0; r < rounds; ++r) {
    std::optional<size_t> next = scheduler.next();
    if (!next)
      break;
    order.push_back(*next);
    scheduler.update(*next, curves[*next](scheduler.getRounds(*next) + 1),
                     /*exhausted=*/false);
  }
  return order;
}

unsigned countOf(const std::vector<size_t> &order, size_t task) {
  return std::count(order.begin(), order.end(), task);
}

llvm::StringMap<std::string> noExploration() {
  llvm::StringMap<std::string> options;
  options["eps-greedy"] = "0";
  return options;
}

/// Gains the same fraction every round, for ever.
Curve improving(double start) {
  return [start](unsigned r) { return start * std::pow(0.9, r); };
}
/// Never better than its first round.
Curve flat(double value) {
  return [value](unsigned) { return value; };
}
} // namespace

TEST(TaskSchedulerTest, RoundRobinTakesTurnsAndSkipsExhaustedTasks) {
  auto scheduler = make("round-robin", {{1, 1, "a"}, {1, 1, "b"}, {1, 1, "c"}});
  ASSERT_TRUE(scheduler);
  std::vector<size_t> order;
  for (int r = 0; r < 6; ++r) {
    size_t task = *scheduler->next();
    order.push_back(task);
    scheduler->update(task, 1e-3, /*exhausted=*/task == 1);
  }
  EXPECT_EQ(order, (std::vector<size_t>{0, 1, 2, 0, 2, 0}));
  scheduler->update(0, 1e-3, true);
  scheduler->update(2, 1e-3, true);
  EXPECT_FALSE(scheduler->next());
}

TEST(TaskSchedulerTest, GradientWarmsUpEveryTaskInOrder) {
  llvm::StringMap<std::string> options = noExploration();
  options["warmup-rounds"] = "2";
  auto scheduler =
      make("gradient", {{1, 1, "a"}, {5, 1, "b"}, {1, 1, "c"}}, options);
  ASSERT_TRUE(scheduler);
  std::vector<size_t> order =
      simulate(*scheduler, {improving(1), improving(1), improving(1)}, 6);
  EXPECT_EQ(order, (std::vector<size_t>{0, 1, 2, 0, 1, 2}));
}

TEST(TaskSchedulerTest, GradientSpendsRoundsWhereTheObjectiveFalls) {
  // The same curve, one task 8 times as heavy: it gets most rounds (until
  // its weighted latency falls to the light task's).
  {
    auto scheduler =
        make("gradient", {{1, 1e6, "a"}, {8, 1e6, "b"}}, noExploration());
    std::vector<size_t> order =
        simulate(*scheduler, {improving(1e-3), improving(1e-3)}, 40);
    EXPECT_GT(countOf(order, 1), 2 * countOf(order, 0));
  }
  // The same weight and latency now, but one task improved over the last
  // rounds (the backward window) and the other did not: the next round goes
  // to the one improving.
  {
    llvm::StringMap<std::string> options = noExploration();
    options["warmup-rounds"] = "4";
    auto scheduler = make("gradient", {{1, 1e6, "a"}, {1, 1e6, "b"}}, options);
    std::vector<double> a = {4e-3, 3e-3, 2e-3, 1e-3},
                        b = {1e-3, 1e-3, 1e-3, 1e-3};
    for (int r = 0; r < 8; ++r) {
      size_t task = *scheduler->next();
      unsigned done = scheduler->getRounds(task);
      scheduler->update(task, task == 0 ? a[done] : b[done], false);
    }
    EXPECT_EQ(*scheduler->next(), 0u);
  }
  // Round robin would have split them evenly.
  {
    auto scheduler = make("round-robin", {{1, 1e6, "a"}, {8, 1e6, "b"}});
    std::vector<size_t> order =
        simulate(*scheduler, {improving(1e-3), improving(1e-3)}, 40);
    EXPECT_EQ(countOf(order, 0), 20u);
  }
}

TEST(TaskSchedulerTest, GradientDropsTasksWithoutValidMeasurements) {
  double inf = std::numeric_limits<double>::infinity();
  auto scheduler =
      make("gradient", {{1, 1, "a"}, {1, 1, "b"}}, noExploration());
  std::vector<size_t> order =
      simulate(*scheduler, {improving(1e-3), flat(inf)}, 20);
  EXPECT_EQ(countOf(order, 1), 1u); // its warm-up round only
  EXPECT_EQ(order.size(), 20u);
  // An exhausted task is never picked again; none left: no next round.
  scheduler->update(0, 1e-4, /*exhausted=*/true);
  EXPECT_FALSE(scheduler->next());
}

TEST(TaskSchedulerTest, GradientExploresWithEpsGreedy) {
  // A task that never improves still gets rounds when every round is
  // random.
  llvm::StringMap<std::string> options;
  options["eps-greedy"] = "1";
  auto scheduler = make("gradient", {{1, 1, "a"}, {100, 1, "b"}}, options);
  std::vector<size_t> order =
      simulate(*scheduler, {flat(1e-3), improving(1e-3)}, 200);
  EXPECT_GT(countOf(order, 0), 60u);
  EXPECT_GT(countOf(order, 1), 60u);
}

TEST(TaskSchedulerTest, IsReproducibleForASeed) {
  auto run = [] {
    auto scheduler =
        make("gradient", {{1, 2e6, "mm"}, {3, 1e6, "mm"}, {2, 5e5, "conv"}});
    return simulate(*scheduler, {improving(2e-3), flat(1e-3), improving(4e-4)},
                    50);
  };
  EXPECT_EQ(run(), run());
}

TEST(TaskSchedulerTest, UnknownSchedulersAndOptions) {
  std::string error;
  llvm::StringMap<std::string> none;
  EXPECT_FALSE(createTaskScheduler("fifo", {}, none, 0, error));
  EXPECT_EQ(error, "unknown task scheduler 'fifo' (known: round-robin, "
                   "gradient)");
  llvm::StringMap<std::string> bad;
  bad["alpha"] = "2";
  bad["gamma"] = "0.5";
  EXPECT_FALSE(createTaskScheduler("gradient", {}, bad, 0, error));
  EXPECT_NE(error.find("task scheduler 'gradient':"), std::string::npos)
      << error;
  EXPECT_NE(error.find("'alpha' must be a number in [0, 1]"), std::string::npos)
      << error;
  EXPECT_NE(error.find("unknown option 'gamma'"), std::string::npos) << error;
  llvm::StringMap<std::string> any;
  any["window"] = "2";
  EXPECT_FALSE(createTaskScheduler("round-robin", {}, any, 0, error));
}
