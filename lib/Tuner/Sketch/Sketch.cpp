//===- Sketch.cpp - the sketch registry and config conversions ------------===//

#include "Tuner/Tuner/Sketch/Sketch.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

#include <random>

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;

Sketch::~Sketch() = default;
SketchInstance::~SketchInstance() = default;

StringRef SketchInstance::getName() const { return sketch.getName(); }

std::optional<unsigned> SketchInstance::findKnobIndex(StringRef name) const {
  for (auto [i, k] : llvm::enumerate(knobs))
    if (k.name == name)
      return i;
  return std::nullopt;
}

unsigned SketchInstance::getKnobIndex(StringRef name) const {
  if (std::optional<unsigned> i = findKnobIndex(name))
    return *i;
  llvm::report_fatal_error("sketch '" + getName() + "' has no knob '" + name +
                           "'");
}

const Knob &SketchInstance::getKnob(StringRef name) const {
  return knobs[getKnobIndex(name)];
}

SmallVector<int64_t> SketchInstance::getIntOptions(StringRef name) const {
  const Knob &k = getKnob(name);
  SmallVector<int64_t> values;
  for (unsigned i = 0, e = k.options.size(); i < e; ++i)
    values.push_back(k.getInt(i));
  return values;
}

KnobChoice SketchInstance::getDefault() const {
  KnobChoice choice = getHeuristicDefault();
  std::string whyNot;
  if (succeeded(verify(choice, whyNot)))
    return choice;
  if (std::optional<KnobChoice> valid = findValidNear(choice))
    return *valid;
  return choice;
}

std::optional<KnobChoice>
SketchInstance::findValidNear(const KnobChoice &start) const {
  std::string whyNot;
  auto isValid = [&](const KnobChoice &c) {
    return succeeded(verify(c, whyNot));
  };
  auto moved = [&](KnobChoice c, unsigned knob, int delta) {
    int64_t index = int64_t(c[knob]) + delta;
    if (index < 0 || index >= int64_t(knobs[knob].options.size()))
      return std::optional<KnobChoice>();
    c[knob] = index;
    return std::optional<KnobChoice>(c);
  };
  unsigned n = knobs.size();
  int widest = 0;
  for (const Knob &k : knobs)
    widest = std::max<int>(widest, k.options.size());
  // One knob, nearest options first, inner knobs (listed last) first.
  for (int d = 1; d < widest; ++d)
    for (unsigned i = n; i-- > 0;)
      for (int delta : {-d, d})
        if (auto c = moved(start, i, delta); c && isValid(*c))
          return c;
  // Two knobs, within three options each.
  for (int d = 1; d <= 3; ++d)
    for (unsigned i = n; i-- > 0;)
      for (unsigned j = i; j-- > 0;)
        for (int di : {-d, d})
          for (int dj = -d; dj <= d; ++dj)
            if (auto c = moved(start, i, di))
              if (auto c2 = dj ? moved(*c, j, dj) : c; c2 && isValid(*c2))
                return c2;
  // The nearest of a fixed-seed sample (distance: options moved).
  std::mt19937_64 rng(0);
  std::optional<KnobChoice> best;
  int64_t bestDistance = INT64_MAX;
  for (unsigned attempt = 0, found = 0; attempt < 20000 && found < 200;
       ++attempt) {
    KnobChoice c(n);
    for (unsigned i = 0; i < n; ++i)
      c[i] = rng() % knobs[i].options.size();
    if (!isValid(c))
      continue;
    ++found;
    int64_t distance = 0;
    for (unsigned i = 0; i < n; ++i)
      distance += std::abs(int64_t(c[i]) - int64_t(start[i]));
    if (distance < bestDistance) {
      bestDistance = distance;
      best = c;
    }
  }
  return best;
}

ConfigAttr SketchInstance::toConfig(MLIRContext *ctx,
                                    ArrayRef<unsigned> choice) const {
  Builder b(ctx);
  SmallVector<NamedAttribute> values;
  for (auto [knob, index] : llvm::zip_equal(knobs, choice))
    values.push_back(b.getNamedAttr(knob.name, knob.options[index]));
  return ConfigAttr::get(ctx, getName(), b.getDictionaryAttr(values));
}

LogicalResult SketchInstance::checkSketch(ConfigAttr config,
                                          llvm::raw_ostream &os) const {
  if (config.getSketch() == getName())
    return success();
  os << "config is for sketch '" << config.getSketch() << "', not '"
     << getName() << "'";
  return failure();
}

FailureOr<KnobChoice> SketchInstance::adaptConfig(ConfigAttr config,
                                                  std::string &error) const {
  llvm::raw_string_ostream os(error);
  if (failed(checkSketch(config, os)))
    return failure();
  KnobChoice fallback = getDefault();
  KnobChoice choice;
  for (auto [i, knob] : llvm::enumerate(knobs)) {
    Attribute value = config.getKnobs().get(knob.name);
    std::optional<unsigned> index;
    if (auto integer = dyn_cast_or_null<IntegerAttr>(value))
      index = isa<IntegerAttr>(knob.options.front())
                  ? std::optional<unsigned>(knob.findNearest(integer.getInt()))
                  : std::nullopt;
    else if (value)
      index = knob.find(value);
    else
      index = knob.absentOption;
    choice.push_back(index ? *index : fallback[i]);
  }
  std::string whyNot;
  if (failed(verify(choice, whyNot))) {
    os << "the adapted config violates a constraint: " << whyNot;
    return failure();
  }
  return choice;
}

FailureOr<KnobChoice> SketchInstance::fromConfig(ConfigAttr config,
                                                 std::string &error) const {
  llvm::raw_string_ostream os(error);
  if (failed(checkSketch(config, os)))
    return failure();
  for (NamedAttribute value : config.getKnobs()) {
    if (!llvm::any_of(knobs, [&](const Knob &k) {
          return k.name == value.getName().getValue();
        })) {
      os << "unknown knob '" << value.getName().getValue() << "' for sketch '"
         << getName() << "'";
      return failure();
    }
  }
  KnobChoice choice;
  for (const Knob &knob : knobs) {
    Attribute value = config.getKnobs().get(knob.name);
    if (!value && knob.absentOption)
      value = knob.options[*knob.absentOption];
    if (!value) {
      os << "config of sketch '" << getName() << "' has no value for knob '"
         << knob.name << "'";
      return failure();
    }
    std::optional<unsigned> index = knob.find(value);
    if (!index) {
      os << "value ";
      if (auto i = dyn_cast<IntegerAttr>(value))
        os << i.getInt();
      else
        os << value;
      os << " of knob '" << knob.name << "' is not one of its options [";
      llvm::interleaveComma(knob.options, os, [&](Attribute option) {
        if (auto i = dyn_cast<IntegerAttr>(option))
          os << i.getInt();
        else
          os << option;
      });
      os << "]";
      return failure();
    }
    choice.push_back(*index);
  }
  return choice;
}

SketchRegistry::SketchRegistry() {
  // Preference order: specialized sketches first, the fallback last.
  sketches.push_back(createCPUContractionAMXSketch());
  sketches.push_back(createCPUContractionBF16DotSketch());
  sketches.push_back(createCPUContractionSketch());
  sketches.push_back(createCPUContractionPaddedSketch());
  sketches.push_back(createCPUConvolutionSketch());
  sketches.push_back(createCPUReductionSketch());
  sketches.push_back(createCPUElementwiseSketch());
  sketches.push_back(createCPUFallbackSketch());
  sketches.push_back(createGPUContractionWgmmaSketch());
  sketches.push_back(createGPUContractionMMASketch());
  sketches.push_back(createGPUContractionSketch());
  sketches.push_back(createGPUContractionSimtSketch());
  sketches.push_back(createGPUConvolutionSketch());
  sketches.push_back(createGPUElementwiseSketch());
  sketches.push_back(createGPUFallbackSketch());
  // Last, so that tuning measures it beside the fallback (and beside the
  // contraction sketches for matrix-vector products); it comes first, and
  // gives the default, where it says it is the better one (isPreferred:
  // long rows, few of them per B for a contraction).
  sketches.push_back(createGPUReductionSketch());
}

SketchRegistry &SketchRegistry::getMutable() {
  static SketchRegistry registry;
  return registry;
}

const SketchRegistry &SketchRegistry::get() { return getMutable(); }

bool SketchRegistry::registerSketch(std::unique_ptr<Sketch> sketch) {
  SketchRegistry &registry = getMutable();
  if (registry.lookup(sketch->getName()))
    return false;
  registry.sketches.push_back(std::move(sketch));
  return true;
}

const Sketch *SketchRegistry::lookup(StringRef name) const {
  for (const std::unique_ptr<Sketch> &sketch : sketches)
    if (sketch->getName() == name)
      return sketch.get();
  return nullptr;
}

SmallVector<const Sketch *>
SketchRegistry::getSketches(TargetKind kind) const {
  SmallVector<const Sketch *> result;
  for (const std::unique_ptr<Sketch> &sketch : sketches)
    if (sketch->getTargetKind() == kind &&
        !sketch->getName().starts_with("test."))
      result.push_back(sketch.get());
  return result;
}

SmallVector<std::unique_ptr<SketchInstance>>
mlir::tuner::instantiateSketches(const FusedGroup &group, TargetAttr target,
                                 std::string *whyNot) {
  SmallVector<std::unique_ptr<SketchInstance>> result;
  for (const Sketch *sketch :
       SketchRegistry::get().getSketches(target.getKind())) {
    // The registry lists fallbacks last: skip them once a sketch applied.
    if (sketch->isFallback() && !result.empty())
      continue;
    std::string reason;
    std::unique_ptr<SketchInstance> instance =
        sketch->instantiate(group, target, reason);
    // A space whose default cannot be made valid has no point to offer.
    if (instance &&
        failed(instance->verify(instance->getDefault(), reason))) {
      reason = "no valid configuration found: " + reason;
      instance = nullptr;
    }
    if (instance) {
      result.push_back(std::move(instance));
    } else if (whyNot) {
      *whyNot += (sketch->getName() + ": " + reason + "\n").str();
    }
  }
  // Preferred spaces come first (the default is the first space's), each
  // kind in registration order.
  SmallVector<std::unique_ptr<SketchInstance>> ordered;
  for (bool preferred : {true, false})
    for (std::unique_ptr<SketchInstance> &instance : result)
      if (instance && instance->isPreferred() == preferred)
        ordered.push_back(std::move(instance));
  return ordered;
}

SmallVector<std::unique_ptr<SketchInstance>> mlir::tuner::instantiateFallbacks(
    const FusedGroup &group, TargetAttr target,
    ArrayRef<std::unique_ptr<SketchInstance>> instances) {
  SmallVector<std::unique_ptr<SketchInstance>> result;
  for (const Sketch *sketch :
       SketchRegistry::get().getSketches(target.getKind())) {
    if (!sketch->isFallback() ||
        llvm::any_of(instances, [&](const auto &instance) {
          return &instance->getSketch() == sketch;
        }))
      continue;
    std::string whyNot;
    if (std::unique_ptr<SketchInstance> instance =
            sketch->instantiate(group, target, whyNot))
      result.push_back(std::move(instance));
  }
  return result;
}
