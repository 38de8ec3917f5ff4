//===- SearchPolicy.h - search policies over a task's space -----*- C++ -*-===//
//
// The interface every search policy implements (random, evolutionary,
// annealing, dgd, droplet, storm-raindrop: one file each under
// lib/Tuner/Search/), and the registry that finds them by name.
//
// A policy works on one task. The driver repeatedly asks it for a batch of
// candidates, measures them, and tells it the results. A policy never
// proposes an invalid candidate or one already measured (the `measured` set
// includes the records of resumed runs).
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_SEARCH_SEARCHPOLICY_H
#define TUNER_TUNER_SEARCH_SEARCHPOLICY_H

#include "Tuner/Tuner/Search/SearchSpace.h"

#include "llvm/ADT/StringSet.h"

#include <functional>
#include <limits>
#include <memory>
#include <vector>

namespace mlir::tuner {

class TaskScorer;

/// One measured candidate, as policies see it.
struct MeasuredCandidate {
  Candidate candidate;
  /// Time per call of every repeat; empty when the measurement failed.
  std::vector<double> seconds;

  bool isValid() const { return !seconds.empty(); }
  /// Median time (Tuner/Support/Median.h); +infinity when invalid.
  double median() const;
};

/// What a policy of one task works with. All references outlive the policy.
struct PolicyContext {
  const SearchSpace &space;
  /// Keys (SearchSpace::getKey) of every candidate measured so far.
  const llvm::StringSet<> &measured;
  /// Every measurement of the task so far, oldest first (resumed records
  /// included).
  const std::vector<MeasuredCandidate> &history;
  /// Cost-model scores of candidates; null when the run has no cost model
  /// (`cost-model=none`): model-guided policies then rank at random.
  TaskScorer *scorer = nullptr;
  uint64_t seed = 0;
  /// Policy options as `name=value` pairs (each policy documents its own).
  llvm::StringMap<std::string> options;
  /// Trials the task is expected to get (0: unknown); policies that split
  /// their work in phases (storm-raindrop) size the phases from it.
  unsigned trialBudget = 0;
};

class SearchPolicy {
public:
  virtual ~SearchPolicy();

  virtual StringRef getName() const = 0;

  /// Whether the policy asks the cost model (the driver only featurizes and
  /// trains when some policy does).
  virtual bool usesCostModel() const { return false; }

  /// Up to `n` distinct, valid candidates not yet measured. Fewer (possibly
  /// none) means the policy has nothing more to try.
  virtual std::vector<Candidate> propose(unsigned n) = 0;

  /// The results of the candidates last proposed (in any order; candidates
  /// the driver could not measure come back invalid).
  virtual void update(ArrayRef<MeasuredCandidate> results) {}
};

using SearchPolicyFactory =
    std::function<FailureOr<std::unique_ptr<SearchPolicy>>(
        const PolicyContext &context, std::string &error)>;

/// Registers a policy (the built-in ones are registered on first use).
void registerSearchPolicy(StringRef name, StringRef description,
                          SearchPolicyFactory factory);

/// Creates the policy called `name`; fails with a message for an unknown
/// name or invalid options.
FailureOr<std::unique_ptr<SearchPolicy>>
createSearchPolicy(StringRef name, const PolicyContext &context,
                   std::string &error);

/// Names of the registered policies, sorted.
std::vector<std::string> getSearchPolicyNames();

/// Draws up to `n` valid candidates not in `measured` nor already drawn,
/// uniformly (by rejection); shared by the policies that sample. When
/// rejection comes up short on a space of at most kEnumerableSpaceSize
/// points (most of it measured or invalid), the rest are drawn from the
/// enumerated unmeasured valid points, so that fewer than `n` means fewer
/// are left.
std::vector<Candidate> sampleUnmeasured(const SearchSpace &space,
                                        const llvm::StringSet<> &measured,
                                        unsigned n, std::mt19937_64 &rng,
                                        llvm::StringSet<> *proposed = nullptr);

/// Spaces up to this many points (valid or not) are small enough to be
/// enumerated.
constexpr double kEnumerableSpaceSize = 1 << 16;

/// Calls `fn` on every valid point of `space` not in `measured`, in order,
/// until it returns false. Fails (calls nothing) when the space has more
/// than kEnumerableSpaceSize points.
LogicalResult
forEachUnmeasuredValid(const SearchSpace &space,
                       const llvm::StringSet<> &measured,
                       llvm::function_ref<bool(const Candidate &)> fn);

/// Counts the valid points of `space` not in `measured` into `count`;
/// returns false (leaving `count`) when the space is too large to count.
bool countUnmeasuredValid(const SearchSpace &space,
                          const llvm::StringSet<> &measured, unsigned &count);

/// The valid measurements of `history`, fastest first (ties: the earlier).
std::vector<const MeasuredCandidate *>
getFastestValid(const std::vector<MeasuredCandidate> &history);

/// Reads a policy's `name=value` options with defaults and ranges; unknown
/// names and malformed values become one error message.
class PolicyOptionReader {
public:
  /// `kind` names what the options are for in messages ("policy 'dgd':").
  PolicyOptionReader(StringRef policy,
                     const llvm::StringMap<std::string> &options,
                     StringRef kind = "policy")
      : policy(policy.str()), kind(kind.str()), options(options) {}

  unsigned getUnsigned(StringRef name, unsigned defaultValue,
                       unsigned min = 0,
                       unsigned max = std::numeric_limits<unsigned>::max());
  double getDouble(StringRef name, double defaultValue, double min,
                   double max);
  bool getBool(StringRef name, bool defaultValue);
  std::string getChoice(StringRef name, StringRef defaultValue,
                        ArrayRef<StringRef> choices);

  /// Fails, with `error` naming the problems, when a value was malformed or
  /// an option was never read (an unknown name).
  LogicalResult finish(std::string &error) const;

private:
  std::string policy;
  std::string kind;
  const llvm::StringMap<std::string> &options;
  llvm::StringSet<> read;
  std::string problems;
};

/// Built-in policies (one file each).
FailureOr<std::unique_ptr<SearchPolicy>>
createRandomPolicy(const PolicyContext &context, std::string &error);
FailureOr<std::unique_ptr<SearchPolicy>>
createEvolutionaryPolicy(const PolicyContext &context, std::string &error);
FailureOr<std::unique_ptr<SearchPolicy>>
createAnnealingPolicy(const PolicyContext &context, std::string &error);
FailureOr<std::unique_ptr<SearchPolicy>>
createDGDPolicy(const PolicyContext &context, std::string &error);
FailureOr<std::unique_ptr<SearchPolicy>>
createDropletPolicy(const PolicyContext &context, std::string &error);
FailureOr<std::unique_ptr<SearchPolicy>>
createStormRaindropPolicy(const PolicyContext &context, std::string &error);

/// The option names the evolutionary and droplet policies accept (the
/// storm-raindrop policy hands each its own).
ArrayRef<StringRef> getEvolutionaryOptionNames();
ArrayRef<StringRef> getDropletOptionNames();

} // namespace mlir::tuner

#endif // TUNER_TUNER_SEARCH_SEARCHPOLICY_H
