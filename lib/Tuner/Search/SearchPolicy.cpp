//===- SearchPolicy.cpp - the policy registry -----------------------------===//

#include "Tuner/Tuner/Search/SearchPolicy.h"

#include "Tuner/Support/Median.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <mutex>

using namespace mlir;
using namespace mlir::tuner;

SearchPolicy::~SearchPolicy() = default;

double MeasuredCandidate::median() const { return tuner::median(seconds); }

namespace {
struct Entry {
  std::string description;
  SearchPolicyFactory factory;
};

struct Registry {
  std::mutex mutex;
  llvm::StringMap<Entry> entries;

  Registry() {
    entries["random"] = {"uniform valid samples without repeats",
                         createRandomPolicy};
    entries["evolutionary"] = {
        "Ansor's evolutionary search ranked by the cost model",
        createEvolutionaryPolicy};
    entries["annealing"] = {
        "AutoTVM's simulated annealing on the cost model, top of the plan "
        "measured",
        createAnnealingPolicy};
    entries["dgd"] = {"dynamic gradient descent over neighbouring knob values",
                      createDGDPolicy};
    entries["droplet"] = {
        "coordinate descent with a growing radius and a t-test acceptance",
        createDropletPolicy};
    entries["storm-raindrop"] = {
        "a short evolutionary run, then droplet from its best",
        createStormRaindropPolicy};
  }
};

Registry &getRegistry() {
  static Registry registry;
  return registry;
}
} // namespace

void mlir::tuner::registerSearchPolicy(StringRef name, StringRef description,
                                       SearchPolicyFactory factory) {
  Registry &r = getRegistry();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.entries[name] = {description.str(), std::move(factory)};
}

FailureOr<std::unique_ptr<SearchPolicy>>
mlir::tuner::createSearchPolicy(StringRef name, const PolicyContext &context,
                                std::string &error) {
  Registry &r = getRegistry();
  SearchPolicyFactory factory;
  {
    std::lock_guard<std::mutex> lock(r.mutex);
    auto it = r.entries.find(name);
    if (it == r.entries.end()) {
      error = "unknown search policy '" + name.str() + "'; available:";
      std::vector<std::string> names;
      for (const auto &e : r.entries)
        names.push_back(e.getKey().str());
      std::sort(names.begin(), names.end());
      for (const std::string &n : names)
        error += " " + n;
      return failure();
    }
    factory = it->second.factory;
  }
  return factory(context, error);
}

std::vector<std::string> mlir::tuner::getSearchPolicyNames() {
  Registry &r = getRegistry();
  std::lock_guard<std::mutex> lock(r.mutex);
  std::vector<std::string> names;
  for (const auto &e : r.entries)
    names.push_back(e.getKey().str());
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<const MeasuredCandidate *>
mlir::tuner::getFastestValid(const std::vector<MeasuredCandidate> &history) {
  std::vector<std::pair<double, size_t>> order;
  for (size_t i = 0; i < history.size(); ++i)
    if (history[i].isValid())
      order.push_back({history[i].median(), i});
  std::sort(order.begin(), order.end());
  std::vector<const MeasuredCandidate *> result;
  for (auto [median, i] : order)
    result.push_back(&history[i]);
  return result;
}

std::vector<Candidate>
mlir::tuner::sampleUnmeasured(const SearchSpace &space,
                              const llvm::StringSet<> &measured, unsigned n,
                              std::mt19937_64 &rng,
                              llvm::StringSet<> *proposed) {
  llvm::StringSet<> local;
  llvm::StringSet<> &seen = proposed ? *proposed : local;
  std::vector<Candidate> result;
  // Rejection sampling; give up after many misses (the space is then small
  // and nearly exhausted, or mostly invalid).
  unsigned misses = 0, maxMisses = 200 + 100 * n;
  while (result.size() < n && misses < maxMisses) {
    Candidate c = space.sampleUniform(rng);
    std::string key;
    if (!space.isValid(c) || measured.contains(key = space.getKey(c)) ||
        !seen.insert(key).second) {
      ++misses;
      continue;
    }
    result.push_back(std::move(c));
  }
  if (result.size() == n)
    return result;
  // Short: on a small space, draw the rest from what is left.
  std::vector<Candidate> left;
  if (failed(forEachUnmeasuredValid(space, measured, [&](const Candidate &c) {
        if (!seen.contains(space.getKey(c)))
          left.push_back(c);
        return true;
      })))
    return result;
  std::shuffle(left.begin(), left.end(), rng);
  for (Candidate &c : left) {
    if (result.size() == n)
      break;
    seen.insert(space.getKey(c));
    result.push_back(std::move(c));
  }
  return result;
}

LogicalResult mlir::tuner::forEachUnmeasuredValid(
    const SearchSpace &space, const llvm::StringSet<> &measured,
    llvm::function_ref<bool(const Candidate &)> fn) {
  if (space.getSize() > kEnumerableSpaceSize)
    return failure();
  for (auto [index, sketch] : llvm::enumerate(space.getSketches())) {
    ArrayRef<Knob> knobs = sketch->getKnobs();
    Candidate c{static_cast<unsigned>(index), KnobChoice(knobs.size(), 0)};
    // Mixed-radix counting over the knobs' option indices.
    while (true) {
      if (space.isValid(c) && !measured.contains(space.getKey(c)) && !fn(c))
        return success();
      size_t k = 0;
      for (; k < knobs.size(); ++k) {
        if (++c.choice[k] < knobs[k].options.size())
          break;
        c.choice[k] = 0;
      }
      if (k == knobs.size())
        break;
    }
  }
  return success();
}

bool mlir::tuner::countUnmeasuredValid(const SearchSpace &space,
                                       const llvm::StringSet<> &measured,
                                       unsigned &count) {
  unsigned n = 0;
  if (failed(forEachUnmeasuredValid(space, measured, [&](const Candidate &) {
        ++n;
        return true;
      })))
    return false;
  count = n;
  return true;
}

//===----------------------------------------------------------------------===//
// PolicyOptionReader
//===----------------------------------------------------------------------===//

unsigned PolicyOptionReader::getUnsigned(StringRef name, unsigned defaultValue,
                                         unsigned min, unsigned max) {
  read.insert(name);
  auto it = options.find(name);
  if (it == options.end())
    return defaultValue;
  unsigned value;
  if (StringRef(it->second).getAsInteger(10, value) || value < min ||
      value > max) {
    problems += " '" + name.str() + "' must be an integer in [" +
                std::to_string(min) + ", " + std::to_string(max) + "] (got '" +
                it->second + "');";
    return defaultValue;
  }
  return value;
}

double PolicyOptionReader::getDouble(StringRef name, double defaultValue,
                                     double min, double max) {
  read.insert(name);
  auto it = options.find(name);
  if (it == options.end())
    return defaultValue;
  double value;
  if (StringRef(it->second).getAsDouble(value) || !(value >= min) ||
      !(value <= max)) {
    auto text = [](double x) { return llvm::formatv("{0}", llvm::format("%.10g", x)).str(); };
    problems += " '" + name.str() + "' must be a number in [" + text(min) +
                ", " + text(max) + "] (got '" + it->second + "');";
    return defaultValue;
  }
  return value;
}

bool PolicyOptionReader::getBool(StringRef name, bool defaultValue) {
  return getChoice(name, defaultValue ? "true" : "false",
                   {"true", "false"}) == "true";
}

std::string PolicyOptionReader::getChoice(StringRef name,
                                          StringRef defaultValue,
                                          ArrayRef<StringRef> choices) {
  read.insert(name);
  auto it = options.find(name);
  if (it == options.end())
    return defaultValue.str();
  if (!llvm::is_contained(choices, StringRef(it->second))) {
    problems += " '" + name.str() + "' must be one of";
    for (StringRef c : choices)
      problems += " " + c.str();
    problems += " (got '" + it->second + "');";
    return defaultValue.str();
  }
  return it->second;
}

LogicalResult PolicyOptionReader::finish(std::string &error) const {
  std::vector<std::string> unknown;
  for (const auto &entry : options)
    if (!read.contains(entry.getKey()))
      unknown.push_back(entry.getKey().str());
  std::sort(unknown.begin(), unknown.end());
  std::string message = problems;
  if (!unknown.empty()) {
    std::vector<std::string> known;
    for (const auto &entry : read)
      known.push_back(entry.getKey().str());
    std::sort(known.begin(), known.end());
    for (const std::string &u : unknown)
      message += " unknown option '" + u + "';";
    message += known.empty() ? " it has no options;"
                             : " known: " + llvm::join(known, ", ") + ";";
  }
  if (message.empty())
    return success();
  message.pop_back();
  error = kind + " '" + policy + "':" + message;
  return failure();
}
