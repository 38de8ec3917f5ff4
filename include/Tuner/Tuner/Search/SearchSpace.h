//===- SearchSpace.h - the space of one task ---------------------*- C++
//-*-===//
//
// The search space of a task is the union of the spaces of the sketches that
// apply to it; a candidate is one sketch and one option per knob of it.
// Policies propose candidates; the driver turns them into #sched.config and
// database records.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_SEARCH_SEARCHSPACE_H
#define TUNER_TUNER_SEARCH_SEARCHSPACE_H

#include "Tuner/Tuner/Sketch/Sketch.h"

#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace mlir::tuner {

/// One point of a task's space.
struct Candidate {
  /// Index of the sketch in the task's SearchSpace.
  unsigned sketch = 0;
  /// One option index per knob of that sketch.
  KnobChoice choice;

  bool operator==(const Candidate &other) const {
    return sketch == other.sketch && choice == other.choice;
  }
  bool operator!=(const Candidate &other) const { return !(*this == other); }
};

/// The space of one task.
class SearchSpace {
public:
  explicit SearchSpace(SmallVector<std::unique_ptr<SketchInstance>> sketches)
      : sketches(std::move(sketches)) {}

  ArrayRef<std::unique_ptr<SketchInstance>> getSketches() const {
    return sketches;
  }
  const SketchInstance &getSketch(const Candidate &c) const {
    return *sketches[c.sketch];
  }
  bool empty() const { return sketches.empty(); }

  /// Option indices in range and the sketch's constraints hold.
  bool isValid(const Candidate &c) const;
  /// A stable identity of a candidate: "sketch{knob=value,...}". Equal keys
  /// mean the same schedule (used to measure a candidate once).
  std::string getKey(const Candidate &c) const;

  sched::ConfigAttr toConfig(MLIRContext *ctx, const Candidate &c) const;
  /// The candidate of a config (fails if the sketch is not part of the
  /// space, or the knobs do not match its options).
  FailureOr<Candidate> fromConfig(sched::ConfigAttr config,
                                  std::string &error) const;

  /// The default config of the first (preferred) sketch.
  Candidate getDefault() const;

  /// A uniformly random point: a uniformly chosen sketch, each knob uniform.
  /// It may be invalid.
  Candidate sampleUniform(std::mt19937_64 &rng) const;
  /// A uniformly random valid point, by rejection (nullopt after
  /// `maxAttempts` invalid draws).
  std::optional<Candidate> sampleValid(std::mt19937_64 &rng,
                                       unsigned maxAttempts = 1000) const;

  /// `c` with knob `knob` moved by `delta` positions along its options
  /// (integer options are sorted, so this is the next larger or smaller
  /// value); nullopt when that leaves the option list.
  std::optional<Candidate> step(const Candidate &c, unsigned knob,
                                int delta) const;

  /// A random valid neighbour: one knob changed to another option, drawn
  /// uniformly (AutoTVM's random walk); nullopt after `maxAttempts` misses.
  std::optional<Candidate> randomWalk(const Candidate &c, std::mt19937_64 &rng,
                                      unsigned maxAttempts = 32) const;

  /// The valid points that differ from `c` in one categorical knob
  /// (KnobKind::Choice) of at most `maxOptions` options, knob by knob,
  /// option by option.
  std::vector<Candidate> getChoiceNeighbours(const Candidate &c,
                                             unsigned maxOptions) const;

  /// The valid suggestions of every sketch (SketchInstance::getSuggestions)
  /// other than `c`, in sketch order, each once.
  std::vector<Candidate> getSuggestions(const Candidate &c) const;

  /// Number of points (valid or not), saturating.
  double getSize() const;

private:
  SmallVector<std::unique_ptr<SketchInstance>> sketches;
};

} // namespace mlir::tuner

#endif // TUNER_TUNER_SEARCH_SEARCHSPACE_H
