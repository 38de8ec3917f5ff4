//===- StormRaindropPolicy.cpp - explore as a storm, exploit as a raindrop ===//
//
// The hybrid of "Explore as a Storm, Exploit as a Raindrop" (algorithms.md
// §5): the evolutionary policy explores until the task has `storm`
// measurements, then the droplet policy descends from the fastest point
// measured so far. When droplet reaches a local optimum before the budget
// is spent, the evolutionary search resumes (the paper stops there; here the
// remaining trials still have a use).
//
// Options: `storm` (a fraction of the task's trial budget when below 1, a
// number of trials otherwise; default 0.5), plus any option of the
// evolutionary policy (population, iterations, ...) and of the droplet
// policy (pvalue, max-subset), handed to each.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Search/SearchPolicy.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tuner;

namespace {
class StormRaindropPolicy : public SearchPolicy {
public:
  StormRaindropPolicy(const PolicyContext &context, unsigned stormTrials,
                      std::unique_ptr<PolicyContext> stormContext,
                      std::unique_ptr<PolicyContext> raindropContext,
                      std::unique_ptr<SearchPolicy> storm)
      : context(context), stormTrials(stormTrials),
        stormContext(std::move(stormContext)),
        raindropContext(std::move(raindropContext)), storm(std::move(storm)) {}

  StringRef getName() const override { return "storm-raindrop"; }
  bool usesCostModel() const override { return true; }

  std::vector<Candidate> propose(unsigned n) override {
    // The driver may attach the scorer after creating the policy.
    stormContext->scorer = context.scorer;
    size_t measured = context.history.size();
    if (phase == Phase::Storm && measured >= stormTrials) {
      std::string error;
      auto created = createDropletPolicy(*raindropContext, error);
      if (succeeded(created)) {
        raindrop = std::move(*created);
        phase = Phase::Raindrop;
      } else {
        phase = Phase::StormAgain;
      }
    }
    if (phase == Phase::Raindrop) {
      std::vector<Candidate> batch = raindrop->propose(n);
      if (!batch.empty())
        return batch;
      phase = Phase::StormAgain; // a local optimum: explore again
    }
    if (phase == Phase::Storm)
      n = std::min<size_t>(n, stormTrials - measured);
    return storm->propose(n);
  }

  void update(ArrayRef<MeasuredCandidate> results) override {
    if (phase == Phase::Raindrop)
      raindrop->update(results);
    else
      storm->update(results);
  }

private:
  enum class Phase { Storm, Raindrop, StormAgain };
  const PolicyContext &context;
  unsigned stormTrials;
  std::unique_ptr<PolicyContext> stormContext, raindropContext;
  std::unique_ptr<SearchPolicy> storm, raindrop;
  Phase phase = Phase::Storm;
};
} // namespace

FailureOr<std::unique_ptr<SearchPolicy>>
mlir::tuner::createStormRaindropPolicy(const PolicyContext &context,
                                       std::string &error) {
  // Split the options between the two policies; `storm` is ours.
  llvm::StringMap<std::string> own, stormOptions, raindropOptions;
  for (const auto &entry : context.options) {
    StringRef name = entry.getKey();
    if (llvm::is_contained(getEvolutionaryOptionNames(), name))
      stormOptions[name] = entry.getValue();
    else if (llvm::is_contained(getDropletOptionNames(), name))
      raindropOptions[name] = entry.getValue();
    else
      own[name] = entry.getValue();
  }
  PolicyOptionReader reader("storm-raindrop", own);
  double storm = reader.getDouble("storm", 0.5, 0, 1e9);
  if (failed(reader.finish(error))) {
    error += " (or an option of the evolutionary or droplet policy)";
    return failure();
  }
  unsigned stormTrials;
  if (storm < 1) {
    // A fraction of the task's budget (64 trials when it is unknown).
    unsigned budget = context.trialBudget ? context.trialBudget : 64;
    stormTrials = std::max(1u, unsigned(std::lround(storm * budget)));
  } else {
    stormTrials = unsigned(storm);
  }

  auto makeContext = [&](llvm::StringMap<std::string> options, uint64_t salt) {
    auto c = std::make_unique<PolicyContext>(context);
    c->options = std::move(options);
    c->seed = context.seed * 31 + salt;
    return c;
  };
  std::unique_ptr<PolicyContext> stormContext =
      makeContext(std::move(stormOptions), 1);
  std::unique_ptr<PolicyContext> raindropContext =
      makeContext(std::move(raindropOptions), 2);
  auto evolutionary = createEvolutionaryPolicy(*stormContext, error);
  if (failed(evolutionary))
    return failure();
  // Check the droplet options now, not when the storm is over.
  if (failed(createDropletPolicy(*raindropContext, error)))
    return failure();
  return std::unique_ptr<SearchPolicy>(new StormRaindropPolicy(
      context, stormTrials, std::move(stormContext),
      std::move(raindropContext), std::move(*evolutionary)));
}
