//===- EvolutionaryPolicy.cpp - Ansor's evolutionary search ---------------===//
//
// Ansor's search round (algorithms.md §1.7-1.9), over a task's knob space:
//
//   init  = `population` random valid points, plus the best measured points
//           (a `measured-ratio` share of the population)
//   for k = 0 .. iterations:
//     score the population with the cost model; keep the best 2n unmeasured
//     points seen in a heap
//     if k == iterations: stop
//     next population: roulette selection by score; each child is its parent
//     mutated with probability `mutation-prob`
//   batch = the heap's best n - floor(eps-greedy * n) points, the rest
//           random points (exploration)
//
// Mutations follow Ansor's weights: a tile knob 90% of the time (moved one
// option up or down, or to a random option: our tile knobs are absolute
// sizes at each level, with divisibility constraints between the levels, so
// moving one level is Ansor's "move a factor between two levels"), an unroll
// knob 4% and a categorical knob (lowering strategy) 5%, renormalized over
// the kinds the sketch has. No crossover (the released Ansor has none).
//
// Scores are CostModel::predict's (positive; a roulette over them is
// well defined, unlike Ansor's over raw predictions, which may all be <= 0).
// Until the cost model is trained (its warm-up) the scores would be random,
// so the policy samples uniformly instead and spends no time featurizing.
//
// Defaults are Ansor's except the population (2048 in Ansor): every scored
// point is featurized by applying its sketch (about 4 ms each here), so the
// population is sized for two cores.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Search/SearchPolicy.h"
#include "Tuner/Tuner/Search/TaskScorer.h"

#include <algorithm>
#include <cmath>
#include <map>

using namespace mlir;
using namespace mlir::tuner;

static constexpr StringRef kOptionNames[] = {
    "population", "iterations", "mutation-prob", "eps-greedy",
    "measured-ratio"};

ArrayRef<StringRef> mlir::tuner::getEvolutionaryOptionNames() {
  return kOptionNames;
}

namespace {
struct EvolutionaryOptions {
  unsigned population = 128;
  unsigned iterations = 3;
  double mutationProb = 0.85;
  double epsGreedy = 0.05;
  double measuredRatio = 0.2;
};

class EvolutionaryPolicy : public SearchPolicy {
public:
  EvolutionaryPolicy(const PolicyContext &context, EvolutionaryOptions options)
      : context(context), options(options), rng(context.seed) {}

  StringRef getName() const override { return "evolutionary"; }
  bool usesCostModel() const override { return true; }

  std::vector<Candidate> propose(unsigned n) override;

private:
  /// A mutated copy of `parent` (nullopt when no valid mutation was found).
  std::optional<Candidate> mutate(const Candidate &parent);
  /// Whether `c` may be proposed: not measured, not proposed in this batch.
  bool isFresh(const Candidate &c, const llvm::StringSet<> &picked) const;

  const PolicyContext &context;
  EvolutionaryOptions options;
  std::mt19937_64 rng;
};
} // namespace

bool EvolutionaryPolicy::isFresh(const Candidate &c,
                                 const llvm::StringSet<> &picked) const {
  std::string key = context.space.getKey(c);
  return !context.measured.contains(key) && !picked.contains(key);
}

std::optional<Candidate> EvolutionaryPolicy::mutate(const Candidate &parent) {
  const SearchSpace &space = context.space;
  ArrayRef<Knob> knobs = space.getSketch(parent).getKnobs();
  // Knobs by kind, with Ansor's weights.
  SmallVector<unsigned> byKind[3];
  for (auto [i, knob] : llvm::enumerate(knobs))
    if (knob.options.size() > 1)
      byKind[static_cast<unsigned>(knob.kind)].push_back(i);
  const double kindWeights[3] = {0.90, 0.04, 0.05};
  std::vector<double> weights;
  for (unsigned k = 0; k < 3; ++k)
    weights.push_back(byKind[k].empty() ? 0 : kindWeights[k]);
  if (llvm::all_of(weights, [](double w) { return w == 0; }))
    return std::nullopt;
  std::discrete_distribution<unsigned> pickKind(weights.begin(),
                                                weights.end());
  std::uniform_real_distribution<double> coin(0, 1);
  for (unsigned attempt = 0; attempt < 16; ++attempt) {
    const SmallVector<unsigned> &pool = byKind[pickKind(rng)];
    unsigned k = pool[std::uniform_int_distribution<size_t>(
        0, pool.size() - 1)(rng)];
    unsigned size = knobs[k].options.size();
    Candidate child = parent;
    if (knobs[k].kind == KnobKind::Tile && coin(rng) < 0.5) {
      // A neighbouring size.
      std::optional<Candidate> moved =
          space.step(parent, k, coin(rng) < 0.5 ? -1 : 1);
      if (!moved)
        continue;
      child = *moved;
    } else {
      unsigned pick = std::uniform_int_distribution<unsigned>(0, size - 2)(rng);
      child.choice[k] = pick >= parent.choice[k] ? pick + 1 : pick;
    }
    if (space.isValid(child))
      return child;
  }
  return std::nullopt;
}

std::vector<Candidate> EvolutionaryPolicy::propose(unsigned n) {
  const SearchSpace &space = context.space;
  TaskScorer *scorer = context.scorer;
  if (!scorer || !scorer->isTrained())
    return sampleUnmeasured(space, context.measured, n, rng);

  // Initial population: random points and the best measured ones.
  std::vector<Candidate> population;
  {
    llvm::StringSet<> seen;
    population = sampleUnmeasured(space, llvm::StringSet<>(), options.population,
                                  rng, &seen);
    std::vector<const MeasuredCandidate *> valid =
        getFastestValid(context.history);
    size_t keep = std::min<size_t>(
        valid.size(), size_t(options.measuredRatio * options.population));
    for (size_t i = 0; i < keep; ++i)
      population.push_back(valid[i]->candidate);
  }
  if (population.empty())
    return {};

  // The best unmeasured points seen, by score (ties: first seen).
  size_t heapSize = 2 * size_t(n);
  std::multimap<double, Candidate, std::greater<double>> best;
  llvm::StringSet<> inBest;
  llvm::StringSet<> none;
  for (unsigned k = 0;; ++k) {
    std::vector<double> scores = scorer->predict(population);
    for (auto [c, score] : llvm::zip(population, scores)) {
      if (score <= 0 || !isFresh(c, none))
        continue;
      std::string key = space.getKey(c);
      if (inBest.contains(key))
        continue;
      if (best.size() < heapSize) {
        best.emplace(score, c);
        inBest.insert(key);
      } else if (score > std::prev(best.end())->first) {
        inBest.erase(space.getKey(std::prev(best.end())->second));
        best.erase(std::prev(best.end()));
        best.emplace(score, c);
        inBest.insert(key);
      }
    }
    if (k == options.iterations)
      break;
    // Roulette selection by score; children mutated with mutation-prob.
    bool anyPositive = llvm::any_of(scores, [](double s) { return s > 0; });
    std::vector<double> weights(scores.size(), 1.0);
    if (anyPositive)
      for (size_t i = 0; i < scores.size(); ++i)
        weights[i] = std::max(scores[i], 0.0);
    std::discrete_distribution<size_t> roulette(weights.begin(),
                                                weights.end());
    std::uniform_real_distribution<double> coin(0, 1);
    std::vector<Candidate> next;
    next.reserve(options.population);
    for (unsigned attempt = 0;
         next.size() < options.population && attempt < 4 * options.population;
         ++attempt) {
      const Candidate &parent = population[roulette(rng)];
      if (coin(rng) < options.mutationProb) {
        if (std::optional<Candidate> child = mutate(parent))
          next.push_back(std::move(*child));
      } else {
        next.push_back(parent);
      }
    }
    if (next.empty())
      break;
    population = std::move(next);
  }

  // Epsilon-greedy: most of the batch from the model's best, the rest random.
  unsigned numRandom = unsigned(std::floor(options.epsGreedy * n));
  std::vector<Candidate> batch;
  llvm::StringSet<> picked;
  auto take = [&](const Candidate &c) {
    if (batch.size() >= n || !isFresh(c, picked))
      return;
    picked.insert(space.getKey(c));
    batch.push_back(c);
  };
  for (auto &[score, c] : best) {
    if (batch.size() >= n - numRandom)
      break;
    take(c);
  }
  for (Candidate &c :
       sampleUnmeasured(space, context.measured, n - batch.size(), rng,
                        &picked))
    batch.push_back(std::move(c));
  // Fill from the model's list when random sampling came up short.
  for (auto &[score, c] : best)
    take(c);
  return batch;
}

FailureOr<std::unique_ptr<SearchPolicy>>
mlir::tuner::createEvolutionaryPolicy(const PolicyContext &context,
                                      std::string &error) {
  PolicyOptionReader reader("evolutionary", context.options);
  EvolutionaryOptions o;
  o.population = reader.getUnsigned("population", o.population, 1, 1 << 20);
  o.iterations = reader.getUnsigned("iterations", o.iterations, 0, 1000);
  o.mutationProb = reader.getDouble("mutation-prob", o.mutationProb, 0, 1);
  o.epsGreedy = reader.getDouble("eps-greedy", o.epsGreedy, 0, 1);
  o.measuredRatio = reader.getDouble("measured-ratio", o.measuredRatio, 0, 1);
  if (failed(reader.finish(error)))
    return failure();
  return std::unique_ptr<SearchPolicy>(new EvolutionaryPolicy(context, o));
}
