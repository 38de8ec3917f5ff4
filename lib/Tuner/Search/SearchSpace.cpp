//===- SearchSpace.cpp - the space of one task ----------------------------===//

#include "Tuner/Tuner/Search/SearchSpace.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tuner;

bool SearchSpace::isValid(const Candidate &c) const {
  if (c.sketch >= sketches.size())
    return false;
  const SketchInstance &s = *sketches[c.sketch];
  if (c.choice.size() != s.getKnobs().size())
    return false;
  for (auto [knob, index] : llvm::zip(s.getKnobs(), c.choice))
    if (index >= knob.options.size())
      return false;
  std::string whyNot;
  return succeeded(s.verify(c.choice, whyNot));
}

std::string SearchSpace::getKey(const Candidate &c) const {
  std::string key;
  llvm::raw_string_ostream os(key);
  const SketchInstance &s = *sketches[c.sketch];
  os << s.getName() << "{";
  llvm::interleave(
      llvm::zip(s.getKnobs(), c.choice), os,
      [&](auto pair) {
        const auto &[knob, index] = pair;
        os << knob.name << "=";
        if (auto str = dyn_cast<StringAttr>(knob.options[index]))
          os << str.getValue();
        else
          os << knob.getInt(index);
      },
      ",");
  os << "}";
  return key;
}

sched::ConfigAttr SearchSpace::toConfig(MLIRContext *ctx,
                                        const Candidate &c) const {
  return sketches[c.sketch]->toConfig(ctx, c.choice);
}

FailureOr<Candidate> SearchSpace::fromConfig(sched::ConfigAttr config,
                                             std::string &error) const {
  for (auto [i, sketch] : llvm::enumerate(sketches)) {
    if (sketch->getName() != config.getSketch())
      continue;
    FailureOr<KnobChoice> choice = sketch->fromConfig(config, error);
    if (failed(choice))
      return failure();
    return Candidate{static_cast<unsigned>(i), std::move(*choice)};
  }
  error = "sketch '" + config.getSketch().str() +
          "' is not part of this task's space";
  return failure();
}

Candidate SearchSpace::getDefault() const {
  return Candidate{0, sketches.front()->getDefault()};
}

Candidate SearchSpace::sampleUniform(std::mt19937_64 &rng) const {
  Candidate c;
  c.sketch =
      std::uniform_int_distribution<unsigned>(0, sketches.size() - 1)(rng);
  for (const Knob &knob : sketches[c.sketch]->getKnobs())
    c.choice.push_back(std::uniform_int_distribution<unsigned>(
        0, knob.options.size() - 1)(rng));
  return c;
}

std::optional<Candidate> SearchSpace::sampleValid(std::mt19937_64 &rng,
                                                  unsigned maxAttempts) const {
  for (unsigned i = 0; i < maxAttempts; ++i) {
    Candidate c = sampleUniform(rng);
    if (isValid(c))
      return c;
  }
  return std::nullopt;
}

double SearchSpace::getSize() const {
  double total = 0;
  for (const auto &s : sketches) {
    double size = 1;
    for (const Knob &k : s->getKnobs())
      size *= k.options.size();
    total += size;
  }
  return total;
}

std::optional<Candidate> SearchSpace::step(const Candidate &c, unsigned knob,
                                           int delta) const {
  const SketchInstance &s = *sketches[c.sketch];
  if (knob >= s.getKnobs().size())
    return std::nullopt;
  int64_t index = int64_t(c.choice[knob]) + delta;
  if (index < 0 || index >= int64_t(s.getKnobs()[knob].options.size()))
    return std::nullopt;
  Candidate next = c;
  next.choice[knob] = unsigned(index);
  return next;
}

std::vector<Candidate> SearchSpace::getSuggestions(const Candidate &c) const {
  std::vector<Candidate> suggestions;
  for (auto [index, sketch] : llvm::enumerate(sketches))
    for (KnobChoice &choice : sketch->getSuggestions()) {
      Candidate next{static_cast<unsigned>(index), std::move(choice)};
      if (next != c && isValid(next) && !llvm::is_contained(suggestions, next))
        suggestions.push_back(std::move(next));
    }
  return suggestions;
}

std::vector<Candidate>
SearchSpace::getChoiceNeighbours(const Candidate &c,
                                 unsigned maxOptions) const {
  std::vector<Candidate> neighbours;
  for (auto [k, knob] : llvm::enumerate(sketches[c.sketch]->getKnobs())) {
    if (knob.kind != KnobKind::Choice || knob.options.size() > maxOptions)
      continue;
    for (unsigned option = 0; option < knob.options.size(); ++option) {
      if (option == c.choice[k])
        continue;
      Candidate next = c;
      next.choice[k] = option;
      if (isValid(next))
        neighbours.push_back(std::move(next));
    }
  }
  return neighbours;
}

std::optional<Candidate> SearchSpace::randomWalk(const Candidate &c,
                                                 std::mt19937_64 &rng,
                                                 unsigned maxAttempts) const {
  ArrayRef<Knob> knobs = sketches[c.sketch]->getKnobs();
  if (knobs.empty())
    return std::nullopt;
  for (unsigned attempt = 0; attempt < maxAttempts; ++attempt) {
    unsigned k =
        std::uniform_int_distribution<unsigned>(0, knobs.size() - 1)(rng);
    unsigned n = knobs[k].options.size();
    if (n < 2)
      continue;
    Candidate next = c;
    // Another option, uniformly.
    unsigned pick = std::uniform_int_distribution<unsigned>(0, n - 2)(rng);
    next.choice[k] = pick >= c.choice[k] ? pick + 1 : pick;
    if (isValid(next))
      return next;
  }
  return std::nullopt;
}
