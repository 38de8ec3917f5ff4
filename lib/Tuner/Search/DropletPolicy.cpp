//===- DropletPolicy.cpp - Droplet coordinate descent ---------------------===//
//
// AutoTVM's DropletTuner (algorithms.md §3.3) over a task's knob space.
// Positions are option indices (integer options are sorted, so moving an
// index moves a tile size to the next larger or smaller legal value).
//
//   start: the fastest valid measured point (the task's default, measured
//          first by the driver, when nothing else is)
//   directions at radius r: for every set of at most `max-subset` knobs
//          (single knobs first, then pairs, ...), all of them +r, and all of
//          them -r
//   queue: the valid, unvisited neighbours of the best point; when fewer
//          than a batch are queued, the radius grows (speculation) up to
//          the longest option list
//   accept: a measured point replaces the best only if its mean time is
//          lower AND a two-sample Student t-test on the two points' repeated
//          timings gives p <= `pvalue` (skipped when either has one timing);
//          then the radius returns to 1 around the new best
//   stop:  nothing left to queue at any radius (a local optimum)
//
// Deviations from AutoTVM, on purpose: a move that leaves an option list is
// dropped instead of wrapping around (a wrap jumps from the largest tile to
// the smallest, which is not a local move); directions are enumerated by
// subset size (AutoTVM starts with the all-knobs diagonal, so with 10 knobs
// a batch never reaches a single-knob move); subsets are capped at
// `max-subset` knobs (AutoTVM enumerates all 2^D - 1); the queue is not
// truncated by one element per batch (an AutoTVM bug).
//
// No cost model: Droplet decides by measurement alone.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Search/SearchPolicy.h"
#include "Tuner/Tuner/Search/Statistics.h"

#include <algorithm>
#include <deque>

using namespace mlir;
using namespace mlir::tuner;

static constexpr StringRef kOptionNames[] = {"pvalue", "max-subset"};

ArrayRef<StringRef> mlir::tuner::getDropletOptionNames() {
  return kOptionNames;
}

namespace {
struct DropletOptions {
  double pvalue = 0.05;
  unsigned maxSubset = 2;
};

class DropletPolicy : public SearchPolicy {
public:
  DropletPolicy(const PolicyContext &context, DropletOptions options)
      : context(context), options(options), rng(context.seed) {}

  StringRef getName() const override { return "droplet"; }

  std::vector<Candidate> propose(unsigned n) override;
  void update(ArrayRef<MeasuredCandidate> results) override;

private:
  /// Queues the unvisited valid neighbours of the best point at `radius`.
  void enqueue(unsigned radius);
  /// The longest option list of the best point's sketch.
  unsigned maxRadius() const;

  const PolicyContext &context;
  DropletOptions options;
  std::mt19937_64 rng;

  std::optional<MeasuredCandidate> best;
  bool started = false, converged = false;
  unsigned radius = 1;
  std::deque<Candidate> queue;
  llvm::StringSet<> visited;
};
} // namespace

unsigned DropletPolicy::maxRadius() const {
  unsigned r = 1;
  for (const Knob &k : context.space.getSketch(best->candidate).getKnobs())
    r = std::max<unsigned>(r, k.options.size());
  return r;
}

void DropletPolicy::enqueue(unsigned r) {
  const SearchSpace &space = context.space;
  const Candidate &p = best->candidate;
  unsigned d = p.choice.size();
  unsigned maxSubset = std::min(options.maxSubset, d);
  std::vector<unsigned> idx;
  std::function<void(unsigned, unsigned)> subsets = [&](unsigned size,
                                                        unsigned from) {
    if (idx.size() == size) {
      for (int sign : {+1, -1}) {
        std::optional<Candidate> c = p;
        for (unsigned k : idx)
          if (c)
            c = space.step(*c, k, sign * int(r));
        if (!c || !space.isValid(*c))
          continue;
        std::string key = space.getKey(*c);
        if (context.measured.contains(key) || !visited.insert(key).second)
          continue;
        queue.push_back(std::move(*c));
      }
      return;
    }
    for (unsigned k = from; k < d; ++k) {
      idx.push_back(k);
      subsets(size, k + 1);
      idx.pop_back();
    }
  };
  for (unsigned size = 1; size <= maxSubset; ++size)
    subsets(size, 0);
}

std::vector<Candidate> DropletPolicy::propose(unsigned n) {
  const SearchSpace &space = context.space;
  if (!started) {
    // Start from the fastest valid measurement so far.
    for (const MeasuredCandidate &m : context.history)
      if (m.isValid() && (!best || m.median() < best->median()))
        best = m;
    if (!best) {
      // Nothing measured yet: measure the default first (or, when the
      // driver already has it in flight, or it is invalid, a random point).
      Candidate d = space.getDefault();
      if (space.isValid(d) && !context.measured.contains(space.getKey(d)))
        return {d};
      if (context.measured.contains(space.getKey(d)))
        return {};
      return sampleUnmeasured(space, context.measured, 1, rng);
    }
    started = true;
    visited.insert(space.getKey(best->candidate));
    enqueue(radius = 1);
  }
  if (converged)
    return {};
  // Speculation: grow the radius while the queue is short of a batch.
  unsigned limit = maxRadius();
  while (queue.size() < n && radius < limit)
    enqueue(++radius);
  std::vector<Candidate> batch;
  while (batch.size() < n && !queue.empty()) {
    Candidate c = std::move(queue.front());
    queue.pop_front();
    if (!context.measured.contains(space.getKey(c)))
      batch.push_back(std::move(c));
  }
  if (batch.empty())
    converged = true;
  return batch;
}

void DropletPolicy::update(ArrayRef<MeasuredCandidate> results) {
  if (!started) {
    // The default's measurement: start from it.
    for (const MeasuredCandidate &m : results)
      if (m.isValid() && (!best || m.median() < best->median()))
        best = m;
    return;
  }
  std::optional<MeasuredCandidate> accepted;
  for (const MeasuredCandidate &m : results) {
    if (!m.isValid())
      continue;
    const MeasuredCandidate &reference = accepted ? *accepted : *best;
    if (mean(m.seconds) >= mean(reference.seconds))
      continue;
    std::optional<double> p = studentTTest(m.seconds, reference.seconds);
    if (!p || *p <= options.pvalue)
      accepted = m;
  }
  if (!accepted)
    return;
  best = accepted;
  queue.clear();
  enqueue(radius = 1);
}

FailureOr<std::unique_ptr<SearchPolicy>>
mlir::tuner::createDropletPolicy(const PolicyContext &context,
                                 std::string &error) {
  PolicyOptionReader reader("droplet", context.options);
  DropletOptions o;
  o.pvalue = reader.getDouble("pvalue", o.pvalue, 0, 1);
  o.maxSubset = reader.getUnsigned("max-subset", o.maxSubset, 1, 16);
  if (failed(reader.finish(error)))
    return failure();
  return std::unique_ptr<SearchPolicy>(new DropletPolicy(context, o));
}
