//===- CostModel.cpp - the cost-model registry and shared helpers ---------===//
//
// The registry of built-in cost models, and what the models share: the
// warm-up scores (seeded uniform numbers), the feature-count checks, and the
// file format of save() and load():
//
//   {"format": "mlir-tuner-cost-model", "version": 1, "model": "xgboost",
//    "num_features": F,
//    "samples": [{"group": g, "label": y, "features": [...]}, ...],
//    "booster": <the model's own JSON (xgboost: the booster), or null>}
//
// The helpers live in mlir::tuner::detail and are declared again in the
// model files that use them (the library has no private header).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/CostModel/CostModel.h"

#include "CostModelUtils.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <random>

using namespace mlir;
using namespace mlir::tuner;

CostModel::~CostModel() = default;

//===----------------------------------------------------------------------===//
// Registry
//===----------------------------------------------------------------------===//

namespace {
using CostModelFactory = FailureOr<std::unique_ptr<CostModel>> (*)(
    const CostModelOptions &, std::string &);

struct CostModelEntry {
  const char *name;
  CostModelFactory factory;
};

/// Sorted by name.
const CostModelEntry kCostModels[] = {
    {"random", createRandomCostModel},
    {"xgboost", createXGBoostCostModel},
};
} // namespace

FailureOr<std::unique_ptr<CostModel>>
mlir::tuner::createCostModel(StringRef name, const CostModelOptions &options,
                             std::string &error) {
  for (const CostModelEntry &e : kCostModels)
    if (name == e.name)
      return e.factory(options, error);
  error = "unknown cost model '" + name.str() + "'; available:";
  for (const std::string &n : getCostModelNames())
    error += " " + n;
  return failure();
}

std::vector<std::string> mlir::tuner::getCostModelNames() {
  std::vector<std::string> names;
  for (const CostModelEntry &e : kCostModels)
    names.push_back(e.name);
  std::sort(names.begin(), names.end());
  return names;
}

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

namespace mlir::tuner::detail {

/// A uniform number in (0, 1] from `rng`: the top 53 bits of one draw, so
/// that the sequence is the same with every standard library.
double drawRandomScore(std::mt19937_64 &rng) {
  return 1.0 - static_cast<double>(rng() >> 11) * 0x1.0p-53;
}

/// Warm-up scores: a random score per non-empty vector whose length is
/// `numFeatures` (any length when `numFeatures` is 0), 0 for the others.
std::vector<double> drawRandomScores(ArrayRef<FeatureVector> features,
                                     size_t numFeatures, std::mt19937_64 &rng) {
  std::vector<double> scores(features.size(), 0.0);
  for (size_t i = 0, e = features.size(); i != e; ++i)
    if (!features[i].empty() &&
        (numFeatures == 0 || features[i].size() == numFeatures))
      scores[i] = drawRandomScore(rng);
  return scores;
}

/// Checks that the non-empty feature vectors of `samples` all have
/// `numFeatures` entries (when `numFeatures` is 0, the first non-empty one
/// sets it) and that the labels are finite and non-negative.
LogicalResult checkSamples(ArrayRef<CostSample> samples, size_t &numFeatures,
                           std::string &error) {
  size_t n = numFeatures;
  for (size_t i = 0, e = samples.size(); i != e; ++i) {
    const CostSample &s = samples[i];
    if (!std::isfinite(s.label) || s.label < 0) {
      error = "sample " + std::to_string(i) + " has an invalid label (" +
              std::to_string(s.label) + "); labels are finite and >= 0";
      return failure();
    }
    if (s.features.empty())
      continue;
    if (n == 0)
      n = s.features.size();
    if (s.features.size() != n) {
      error = "sample " + std::to_string(i) + " has " +
              std::to_string(s.features.size()) + " features, expected " +
              std::to_string(n);
      return failure();
    }
  }
  numFeatures = n;
  return success();
}

/// Writes a cost-model file: to `path`.tmp, then renamed over `path`.
/// `booster` is JSON text embedded verbatim, or empty for null.
LogicalResult writeCostModelFile(StringRef path, StringRef model,
                                 size_t numFeatures,
                                 ArrayRef<CostSample> samples,
                                 StringRef booster, std::string &error) {
  std::string tmp = (path + ".tmp").str();
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(tmp, ec, llvm::sys::fs::OF_None);
    if (ec) {
      error = "cannot write '" + tmp + "': " + ec.message();
      return failure();
    }
    llvm::json::OStream j(os);
    j.object([&] {
      j.attribute("format", "mlir-tuner-cost-model");
      j.attribute("version", 1);
      j.attribute("model", model);
      j.attribute("num_features", static_cast<int64_t>(numFeatures));
      j.attributeArray("samples", [&] {
        for (const CostSample &s : samples) {
          j.object([&] {
            j.attribute("group", s.group);
            j.attribute("label", static_cast<double>(s.label));
            j.attributeArray("features", [&] {
              for (float f : s.features)
                j.value(static_cast<double>(f));
            });
          });
        }
      });
      j.attributeBegin("booster");
      if (booster.empty())
        j.value(nullptr);
      else
        j.rawValue(booster);
      j.attributeEnd();
    });
    os << "\n";
    os.close();
    if (os.has_error()) {
      error = "cannot write '" + tmp + "': " + os.error().message();
      os.clear_error();
      llvm::sys::fs::remove(tmp);
      return failure();
    }
  }
  if (std::error_code ec = llvm::sys::fs::rename(tmp, path)) {
    error =
        "cannot rename '" + tmp + "' to '" + path.str() + "': " + ec.message();
    llvm::sys::fs::remove(tmp);
    return failure();
  }
  return success();
}

/// The text of the member `key` of the top-level object of `json`, a valid
/// JSON document; empty when there is none. The booster is read back this
/// way, byte for byte, rather than printed again from llvm::json::Value:
/// that would print a float such as 1E0 as the integer 1, which XGBoost
/// refuses where it expects a float.
static StringRef findTopLevelMember(StringRef json, StringRef key) {
  size_t i = 0, e = json.size();
  auto skipSpace = [&] {
    while (i < e && StringRef(" \t\r\n").contains(json[i]))
      ++i;
  };
  // Skips the string starting at `i`; returns its contents, escaped.
  auto skipString = [&] {
    size_t begin = ++i;
    while (i < e && json[i] != '"')
      i += json[i] == '\\' ? 2 : 1;
    StringRef contents = json.slice(begin, std::min(i, e));
    ++i;
    return contents;
  };
  auto skipValue = [&] {
    if (i < e && json[i] == '"') {
      skipString();
      return;
    }
    unsigned depth = 0;
    while (i < e) {
      char c = json[i];
      if (c == '"') {
        skipString();
        continue;
      }
      if (c == '{' || c == '[') {
        ++depth;
      } else if (c == '}' || c == ']') {
        if (depth == 0)
          return;
        if (--depth == 0) {
          ++i;
          return;
        }
      } else if (depth == 0 && (c == ',' || StringRef(" \t\r\n").contains(c))) {
        return;
      }
      ++i;
    }
  };

  skipSpace();
  if (i >= e || json[i] != '{')
    return {};
  ++i;
  while (true) {
    skipSpace();
    if (i >= e || json[i] != '"')
      return {};
    StringRef name = skipString();
    skipSpace();
    if (i >= e || json[i] != ':')
      return {};
    ++i;
    skipSpace();
    size_t begin = i;
    skipValue();
    if (name == key)
      return json.slice(begin, i);
    skipSpace();
    if (i >= e || json[i] != ',')
      return {};
    ++i;
  }
}

/// Reads a cost-model file written for `model`. On success sets
/// `numFeatures`, `samples` (only those with features) and `booster` (the
/// booster's JSON text, empty for null); on failure changes nothing.
LogicalResult readCostModelFile(StringRef path, StringRef model,
                                size_t &numFeatures,
                                std::vector<CostSample> &samples,
                                std::string &booster, std::string &error) {
  auto fail = [&](const Twine &message) {
    error = ("cost model file '" + path + "': " + message).str();
    return failure();
  };
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer)
    return fail("cannot read: " + buffer.getError().message());
  llvm::Expected<llvm::json::Value> parsed =
      llvm::json::parse((*buffer)->getBuffer());
  if (!parsed)
    return fail("invalid JSON: " + llvm::toString(parsed.takeError()));
  const llvm::json::Object *root = parsed->getAsObject();
  if (!root || root->getString("format") != "mlir-tuner-cost-model")
    return fail("not an mlir-tuner cost model file");
  std::optional<int64_t> version = root->getInteger("version");
  if (version != 1)
    return fail("unsupported version " +
                (version ? std::to_string(*version) : std::string("?")) +
                " (expected 1)");
  std::optional<StringRef> kind = root->getString("model");
  if (!kind)
    return fail("no model name");
  if (*kind != model)
    return fail("file holds a '" + *kind + "' cost model, not a '" + model +
                "' one");
  std::optional<int64_t> features = root->getInteger("num_features");
  if (!features || *features < 0)
    return fail("bad 'num_features'");
  const llvm::json::Array *array = root->getArray("samples");
  if (!array)
    return fail("no 'samples' array");

  std::vector<CostSample> read;
  read.reserve(array->size());
  for (size_t i = 0, e = array->size(); i != e; ++i) {
    std::string where = "sample " + std::to_string(i) + ": ";
    const llvm::json::Object *obj = (*array)[i].getAsObject();
    if (!obj)
      return fail(where + "not an object");
    CostSample s;
    std::optional<StringRef> group = obj->getString("group");
    std::optional<double> label = obj->getNumber("label");
    const llvm::json::Array *values = obj->getArray("features");
    if (!group || !label || !values)
      return fail(where + "needs 'group', 'label' and 'features'");
    if (!std::isfinite(*label) || *label < 0)
      return fail(where + "bad label");
    s.group = group->str();
    s.label = static_cast<float>(*label);
    if (values->empty())
      continue;
    if (values->size() != static_cast<size_t>(*features))
      return fail(where + "has " + std::to_string(values->size()) +
                  " features, expected " + std::to_string(*features));
    s.features.reserve(values->size());
    for (const llvm::json::Value &v : *values) {
      std::optional<double> d = v.getAsNumber();
      if (!d)
        return fail(where + "a feature is not a number");
      s.features.push_back(static_cast<float>(*d));
    }
    read.push_back(std::move(s));
  }

  std::string text;
  if (const llvm::json::Value *b = root->get("booster")) {
    if (b->kind() == llvm::json::Value::Object) {
      text = findTopLevelMember((*buffer)->getBuffer(), "booster").str();
      if (text.empty() || text.front() != '{')
        return fail("cannot find the text of 'booster'");
    } else if (b->kind() != llvm::json::Value::Null) {
      return fail("'booster' is neither an object nor null");
    }
  }

  numFeatures = static_cast<size_t>(*features);
  samples = std::move(read);
  booster = std::move(text);
  return success();
}

} // namespace mlir::tuner::detail
