//===- TaskScheduler.cpp - round-robin and gradient task schedulers -------===//
//
// Ansor's gradient task scheduler (algorithms.md §1.10), with the objective
// f = sum_i weight_i x best_i (best_i: task i's best latency), so that
// df/dbest_i = weight_i. After `warmup-rounds` rounds of every task (round
// robin), each round goes to the live task with the most negative
//
//   grad_i   = weight_i x (alpha x backward_i + (1 - alpha) x forward_i)
//   backward = (best after round r-1 - best after round r-1-window) / window
//              (0 while the task has had at most `window` rounds)
//   forward  = min(g1, g2) - best_i
//   g1       = best_i - best_i / rounds_i  (optimistic: the next round
//              gains the average gain per round so far)
//   g2       = beta x flops_i / max_{j similar} (flops_j / best_j)  (the
//              latency at 1/beta of the best throughput of a similar task;
//              only when the task has a similar task)
//
// equal gradients are broken at random, and with probability `eps-greedy`
// the round goes to a random live task instead (exploration; 0 is Ansor).
// A task leaves its group of similar tasks when its throughput is below
// 1/beta of the group's best and it has had more than 5 rounds more than
// every other member (Ansor's rule). A task is dead when it ends its warm-up
// without a valid measurement, or when the driver reports it exhausted.
//
// Not taken from Ansor: the per-task early stopping (the driver's
// per-task-trials plays that part).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Search/TaskScheduler.h"
#include "Tuner/Tuner/Search/SearchPolicy.h"

#include <cmath>
#include <limits>
#include <random>

using namespace mlir;
using namespace mlir::tuner;

TaskScheduler::~TaskScheduler() = default;

namespace {
constexpr double kInfinity = std::numeric_limits<double>::infinity();

/// What both schedulers track of a task.
struct TaskProgress {
  unsigned rounds = 0;
  /// Best latency after each round (infinity before the first valid one).
  std::vector<double> history;
  double best = kInfinity;
  bool dead = false;
};

class RoundRobinScheduler : public TaskScheduler {
public:
  explicit RoundRobinScheduler(size_t numTasks) : progress(numTasks) {}

  StringRef getName() const override { return "round-robin"; }

  std::optional<size_t> next() override {
    for (size_t k = 0, n = progress.size(); k < n; ++k) {
      size_t i = (cursor + k) % n;
      if (!progress[i].dead) {
        cursor = (i + 1) % n;
        return i;
      }
    }
    return std::nullopt;
  }

  void update(size_t task, double bestSeconds, bool exhausted) override {
    TaskProgress &p = progress[task];
    ++p.rounds;
    p.best = bestSeconds;
    p.history.push_back(bestSeconds);
    p.dead |= exhausted;
  }

  unsigned getRounds(size_t task) const override {
    return progress[task].rounds;
  }

private:
  std::vector<TaskProgress> progress;
  size_t cursor = 0;
};

struct GradientOptions {
  double alpha = 0.2;
  double beta = 2;
  unsigned window = 3;
  double epsGreedy = 0.05;
  unsigned warmupRounds = 1;
};

class GradientScheduler : public TaskScheduler {
public:
  GradientScheduler(std::vector<ScheduledTask> tasks, GradientOptions options,
                    uint64_t seed)
      : tasks(std::move(tasks)), options(options), progress(this->tasks.size()),
        inGroup(this->tasks.size(), true), rng(seed) {}

  StringRef getName() const override { return "gradient"; }

  std::optional<size_t> next() override;
  void update(size_t task, double bestSeconds, bool exhausted) override;

  unsigned getRounds(size_t task) const override {
    return progress[task].rounds;
  }

private:
  /// The gradient of the objective for one more round of task `i`.
  double gradient(size_t i) const;
  /// Ansor's g2: the latency of task `i` at 1/beta of the best throughput
  /// of its similar tasks; infinity when it has none.
  double similarTaskBound(size_t i) const;

  std::vector<ScheduledTask> tasks;
  GradientOptions options;
  std::vector<TaskProgress> progress;
  /// Whether a task still counts in its group (see the file comment).
  std::vector<bool> inGroup;
  std::mt19937_64 rng;
  size_t warmupCursor = 0;
};

double GradientScheduler::similarTaskBound(size_t i) const {
  if (!inGroup[i])
    return kInfinity;
  double bestThroughput = 0;
  bool hasSimilar = false;
  for (size_t j = 0, e = tasks.size(); j != e; ++j) {
    if (!inGroup[j] || tasks[j].group != tasks[i].group)
      continue;
    hasSimilar |= j != i;
    if (std::isfinite(progress[j].best) && progress[j].best > 0)
      bestThroughput =
          std::max(bestThroughput, tasks[j].flops / progress[j].best);
  }
  if (!hasSimilar || bestThroughput <= 0)
    return kInfinity;
  return options.beta * tasks[i].flops / bestThroughput;
}

double GradientScheduler::gradient(size_t i) const {
  const TaskProgress &p = progress[i];
  unsigned w = options.window;
  double backward = 0;
  if (p.rounds >= w + 1) {
    double now = p.history[p.rounds - 1], before = p.history[p.rounds - 1 - w];
    if (std::isfinite(now) && std::isfinite(before))
      backward = (now - before) / w;
  }
  double g1 = p.best - p.best / p.rounds;
  double forward = std::min(g1, similarTaskBound(i)) - p.best;
  return tasks[i].weight *
         (options.alpha * backward + (1 - options.alpha) * forward);
}

std::optional<size_t> GradientScheduler::next() {
  size_t n = tasks.size();
  // Warm-up: every task in turn until each had its rounds.
  for (size_t k = 0; k < n; ++k) {
    size_t i = (warmupCursor + k) % n;
    if (!progress[i].dead && progress[i].rounds < options.warmupRounds) {
      warmupCursor = (i + 1) % n;
      return i;
    }
  }
  std::vector<size_t> alive;
  for (size_t i = 0; i < n; ++i)
    if (!progress[i].dead)
      alive.push_back(i);
  if (alive.empty())
    return std::nullopt;
  std::uniform_real_distribution<double> coin(0, 1);
  auto pickRandom = [&] {
    return alive[std::uniform_int_distribution<size_t>(0,
                                                       alive.size() - 1)(rng)];
  };
  if (coin(rng) < options.epsGreedy)
    return pickRandom();
  std::vector<double> grads;
  for (size_t i : alive)
    grads.push_back(gradient(i));
  auto [lo, hi] = std::minmax_element(grads.begin(), grads.end());
  if (*lo == *hi)
    return pickRandom();
  return alive[lo - grads.begin()];
}

void GradientScheduler::update(size_t task, double bestSeconds,
                               bool exhausted) {
  TaskProgress &p = progress[task];
  ++p.rounds;
  p.best = bestSeconds;
  p.history.push_back(bestSeconds);
  p.dead |= exhausted;
  // A task without a valid measurement after its warm-up cannot be tuned.
  if (p.rounds >= options.warmupRounds && !std::isfinite(p.best))
    p.dead = true;

  // Leaving the group: far slower than the group's best, and far more
  // rounds than every other member.
  if (!inGroup[task] || !std::isfinite(p.best))
    return;
  double groupBest = 0;
  bool moreRoundsThanAll = true, hasOthers = false;
  for (size_t j = 0, e = tasks.size(); j != e; ++j) {
    if (!inGroup[j] || tasks[j].group != tasks[task].group)
      continue;
    if (std::isfinite(progress[j].best) && progress[j].best > 0)
      groupBest = std::max(groupBest, tasks[j].flops / progress[j].best);
    if (j == task)
      continue;
    hasOthers = true;
    moreRoundsThanAll &= p.rounds > progress[j].rounds + 5;
  }
  if (hasOthers && moreRoundsThanAll &&
      tasks[task].flops / p.best < groupBest / options.beta)
    inGroup[task] = false;
}
} // namespace

static constexpr StringRef kSchedulerNames[] = {"round-robin", "gradient"};

ArrayRef<StringRef> mlir::tuner::getTaskSchedulerNames() {
  return kSchedulerNames;
}

std::unique_ptr<TaskScheduler>
mlir::tuner::createTaskScheduler(StringRef name,
                                 std::vector<ScheduledTask> tasks,
                                 const llvm::StringMap<std::string> &options,
                                 uint64_t seed, std::string &error) {
  PolicyOptionReader reader(name, options, "task scheduler");
  if (name == "round-robin") {
    if (failed(reader.finish(error)))
      return nullptr;
    return std::make_unique<RoundRobinScheduler>(tasks.size());
  }
  if (name == "gradient") {
    GradientOptions o;
    o.alpha = reader.getDouble("alpha", o.alpha, 0, 1);
    o.beta = reader.getDouble("beta", o.beta, 1, 1e9);
    o.window = reader.getUnsigned("window", o.window, 1, 1 << 20);
    o.epsGreedy = reader.getDouble("eps-greedy", o.epsGreedy, 0, 1);
    o.warmupRounds =
        reader.getUnsigned("warmup-rounds", o.warmupRounds, 1, 1 << 20);
    if (failed(reader.finish(error)))
      return nullptr;
    return std::make_unique<GradientScheduler>(std::move(tasks), o, seed);
  }
  error = "unknown task scheduler '" + name.str() +
          "' (known: round-robin, gradient)";
  return nullptr;
}
