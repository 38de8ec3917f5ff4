//===- SearchPolicy.cpp - the policy registry -----------------------------===//

#include "Tuner/Tuner/Search/SearchPolicy.h"

#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <mutex>

using namespace mlir;
using namespace mlir::tuner;

SearchPolicy::~SearchPolicy() = default;

double MeasuredCandidate::median() const {
  if (seconds.empty())
    return std::numeric_limits<double>::infinity();
  std::vector<double> s(seconds);
  std::sort(s.begin(), s.end());
  size_t n = s.size();
  return n % 2 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
}

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
  return result;
}
