//===- AnnealingPolicy.cpp - AutoTVM's simulated annealing ----------------===//
//
// AutoTVM's XGBTuner search (algorithms.md §3.2): a plan of `plan-size`
// unmeasured points, chosen by simulated annealing on the cost model, is
// measured in order; after `plan-size` new measurements (or when the plan
// is used up) the annealing runs again on the retrained model.
//
// Annealing: `chains` points (persistent: each run continues from where the
// chains stopped) each take a random walk step per iteration (one knob set
// to another option); a step from score s to s' is accepted with probability
// exp(min((s' - s) / (T + 1e-5), 1)), the temperature falling linearly from
// 1 to 0 over `iterations`; the best `plan-size` unmeasured points seen are
// kept, and the run stops early when that set has not changed for
// `early-stop` iterations. Scores are CostModel::predict's divided by the
// largest seen in the run (AutoTVM anneals normalized throughputs in
// [0, 1]).
//
// Taking the plan: points in score order, skipping measured ones; once the
// plan is 95% used, uniformly random points instead (exploration).
//
// Before the cost model is trained, random points. Defaults are AutoTVM's
// except chains (128) and iterations (500): every scored point is featurized
// by applying its sketch (about 4 ms each here), so the annealing is sized
// for two cores.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Search/SearchPolicy.h"
#include "Tuner/Tuner/Search/TaskScorer.h"

#include <algorithm>
#include <cmath>
#include <map>

using namespace mlir;
using namespace mlir::tuner;

namespace {
struct AnnealingOptions {
  unsigned planSize = 64;
  unsigned chains = 16;
  unsigned iterations = 60;
  unsigned earlyStop = 15;
  bool persistent = true;
};

class AnnealingPolicy : public SearchPolicy {
public:
  AnnealingPolicy(const PolicyContext &context, AnnealingOptions options)
      : context(context), options(options), rng(context.seed) {}

  StringRef getName() const override { return "annealing"; }
  bool usesCostModel() const override { return true; }

  std::vector<Candidate> propose(unsigned n) override;
  void update(ArrayRef<MeasuredCandidate> results) override {
    sincePlan += results.size();
  }

private:
  /// Runs the annealing and replaces the plan.
  void anneal();

  const PolicyContext &context;
  AnnealingOptions options;
  std::mt19937_64 rng;
  std::vector<Candidate> chains;
  std::vector<Candidate> plan;
  size_t planPos = 0;
  size_t sincePlan = 0;
  bool havePlan = false;
};
} // namespace

void AnnealingPolicy::anneal() {
  const SearchSpace &space = context.space;
  TaskScorer &scorer = *context.scorer;
  if (!options.persistent || chains.empty())
    chains = sampleUnmeasured(space, llvm::StringSet<>(), options.chains, rng);
  if (chains.empty()) {
    plan.clear();
    return;
  }
  std::vector<double> scores = scorer.predict(chains);
  double maxSeen = 1e-30;
  for (double s : scores)
    maxSeen = std::max(maxSeen, s);

  // The best plan-size unmeasured points seen, by score.
  std::multimap<double, Candidate, std::greater<double>> best;
  llvm::StringSet<> inBest;
  auto offer = [&](const Candidate &c, double score) {
    std::string key = space.getKey(c);
    if (score <= 0 || context.measured.contains(key) || inBest.contains(key))
      return false;
    if (best.size() < options.planSize) {
      best.emplace(score, c);
      inBest.insert(key);
      return true;
    }
    auto worst = std::prev(best.end());
    if (score <= worst->first)
      return false;
    inBest.erase(space.getKey(worst->second));
    best.erase(worst);
    best.emplace(score, c);
    inBest.insert(key);
    return true;
  };
  for (auto [c, s] : llvm::zip(chains, scores))
    offer(c, s);

  std::uniform_real_distribution<double> coin(0, 1);
  unsigned unchanged = 0;
  for (unsigned it = 0; it < options.iterations; ++it) {
    double temperature = 1.0 - double(it) / options.iterations;
    std::vector<Candidate> proposals;
    std::vector<size_t> owners;
    for (auto [i, c] : llvm::enumerate(chains))
      if (std::optional<Candidate> next = space.randomWalk(c, rng)) {
        proposals.push_back(std::move(*next));
        owners.push_back(i);
      }
    if (proposals.empty())
      break;
    std::vector<double> next = scorer.predict(proposals);
    for (double s : next)
      maxSeen = std::max(maxSeen, s);
    bool changed = false;
    for (size_t j = 0; j < proposals.size(); ++j) {
      size_t i = owners[j];
      changed |= offer(proposals[j], next[j]);
      double delta = (next[j] - scores[i]) / maxSeen;
      double accept =
          std::exp(std::min(delta / (temperature + 1e-5), 1.0));
      if (next[j] > 0 && coin(rng) < accept) {
        chains[i] = proposals[j];
        scores[i] = next[j];
      }
    }
    unchanged = changed ? 0 : unchanged + 1;
    if (unchanged >= options.earlyStop)
      break;
  }
  plan.clear();
  for (auto &[score, c] : best)
    plan.push_back(c);
  planPos = 0;
  sincePlan = 0;
  havePlan = true;
}

std::vector<Candidate> AnnealingPolicy::propose(unsigned n) {
  const SearchSpace &space = context.space;
  if (!context.scorer || !context.scorer->isTrained())
    return sampleUnmeasured(space, context.measured, n, rng);
  if (!havePlan || sincePlan >= options.planSize || planPos >= plan.size())
    anneal();

  std::vector<Candidate> batch;
  llvm::StringSet<> picked;
  size_t explorationFrom = plan.size() - plan.size() / 20;
  while (batch.size() < n && planPos < plan.size() &&
         planPos < explorationFrom) {
    const Candidate &c = plan[planPos++];
    std::string key = space.getKey(c);
    if (context.measured.contains(key) || !picked.insert(key).second)
      continue;
    batch.push_back(c);
  }
  if (batch.size() < n) {
    for (Candidate &c : sampleUnmeasured(space, context.measured,
                                         n - batch.size(), rng, &picked))
      batch.push_back(std::move(c));
  }
  return batch;
}

FailureOr<std::unique_ptr<SearchPolicy>>
mlir::tuner::createAnnealingPolicy(const PolicyContext &context,
                                   std::string &error) {
  PolicyOptionReader reader("annealing", context.options);
  AnnealingOptions o;
  o.planSize = reader.getUnsigned("plan-size", o.planSize, 1, 1 << 20);
  o.chains = reader.getUnsigned("chains", o.chains, 1, 1 << 16);
  o.iterations = reader.getUnsigned("iterations", o.iterations, 1, 1 << 20);
  o.earlyStop = reader.getUnsigned("early-stop", o.earlyStop, 1, 1 << 20);
  o.persistent = reader.getBool("persistent", o.persistent);
  if (failed(reader.finish(error)))
    return failure();
  return std::unique_ptr<SearchPolicy>(new AnnealingPolicy(context, o));
}
