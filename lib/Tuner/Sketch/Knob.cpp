//===- Knob.cpp - tunable parameters of a sketch --------------------------===//

#include "Tuner/Tuner/Sketch/Knob.h"

#include "mlir/IR/Builders.h"
#include "llvm/Support/ErrorHandling.h"

using namespace mlir;
using namespace mlir::tuner;

int64_t Knob::getInt(unsigned i) const {
  if (auto attr = dyn_cast<IntegerAttr>(options[i]))
    return attr.getInt();
  return 0;
}

std::optional<unsigned> Knob::find(Attribute value) const {
  for (auto [i, option] : llvm::enumerate(options))
    if (option == value)
      return i;
  // Integers of another width or signedness still name the same option.
  if (auto intValue = dyn_cast<IntegerAttr>(value))
    for (auto [i, option] : llvm::enumerate(options))
      if (auto intOption = dyn_cast<IntegerAttr>(option))
        if (intOption.getInt() == intValue.getInt())
          return i;
  return std::nullopt;
}

unsigned Knob::findNearest(int64_t value) const {
  unsigned best = 0;
  for (unsigned i = 1, e = options.size(); i < e; ++i)
    if (std::abs(getInt(i) - value) < std::abs(getInt(best) - value))
      best = i;
  return best;
}

Knob mlir::tuner::makeIntKnob(MLIRContext *ctx, StringRef name, KnobKind kind,
                              ArrayRef<int64_t> options, StringRef doc,
                              int64_t extent) {
  SmallVector<int64_t> sorted(options);
  llvm::sort(sorted);
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  Builder b(ctx);
  Knob knob;
  knob.name = name.str();
  knob.kind = kind;
  knob.extent = extent;
  knob.doc = doc.str();
  for (int64_t v : sorted)
    knob.options.push_back(b.getI64IntegerAttr(v));
  return knob;
}

Knob mlir::tuner::makeChoiceKnob(MLIRContext *ctx, StringRef name,
                                 ArrayRef<StringRef> options, StringRef doc) {
  Builder b(ctx);
  Knob knob;
  knob.name = name.str();
  knob.kind = KnobKind::Choice;
  knob.isAlternatives = true;
  knob.doc = doc.str();
  for (StringRef option : options)
    knob.options.push_back(b.getStringAttr(option));
  return knob;
}

const Knob &KnobValues::lookup(StringRef name, unsigned &index) const {
  for (auto [i, knob] : llvm::enumerate(knobs)) {
    if (knob.name == name) {
      index = i;
      return knob;
    }
  }
  llvm::report_fatal_error("unknown knob '" + name + "'");
}

int64_t KnobValues::getInt(StringRef name) const {
  unsigned i;
  const Knob &knob = lookup(name, i);
  return knob.getInt(choice[i]);
}

StringRef KnobValues::getString(StringRef name) const {
  unsigned i;
  const Knob &knob = lookup(name, i);
  if (auto s = dyn_cast<StringAttr>(knob.options[choice[i]]))
    return s.getValue();
  return "";
}

bool KnobValues::has(StringRef name) const {
  return llvm::any_of(knobs, [&](const Knob &k) { return k.name == name; });
}

SmallVector<int64_t> mlir::tuner::getDivisors(int64_t n) {
  if (n < 1)
    return {};
  // Prime factors by trial division up to kTrialLimit, then the divisors
  // from them (trial division of every d <= sqrt(n) kept
  // sched-apply-default busy 43 s on a fuzzer program with extents of 2^62);
  // what is left above the limit is taken as one prime, which it is unless
  // it holds two primes above 2^20: no real extent does.
  constexpr int64_t kTrialLimit = int64_t(1) << 20;
  SmallVector<std::pair<int64_t, unsigned>> factors;
  int64_t rest = n;
  for (int64_t p = 2; p <= kTrialLimit && p <= rest / p; ++p) {
    unsigned power = 0;
    for (; rest % p == 0; rest /= p)
      ++power;
    if (power)
      factors.push_back({p, power});
  }
  if (rest > 1)
    factors.push_back({rest, 1});
  SmallVector<int64_t> divisors = {1};
  for (auto [p, power] : factors) {
    size_t count = divisors.size();
    int64_t multiple = 1;
    for (unsigned i = 0; i < power; ++i) {
      multiple *= p;
      for (size_t j = 0; j < count; ++j)
        divisors.push_back(divisors[j] * multiple);
    }
  }
  llvm::sort(divisors);
  return divisors;
}
