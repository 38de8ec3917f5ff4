//===- XGBoostCostModel.cpp - the gradient-boosted-trees cost model -------===//
//
// Gradient-boosted regression trees with a pairwise ranking objective,
// through libxgboost's C API. The library is not linked: it is opened at
// run time (llvm::sys::DynamicLibrary, "libxgboost.so.0" then
// "libxgboost.so") and every function used is resolved once per process, so
// that a tuner built with XGBoost support still runs, with the other cost
// models, where the library is missing. Only the header is needed at build
// time; without it (TUNER_HAS_XGBOOST == 0) createXGBoostCostModel fails.
//
// Training. Like Ansor, the model retrains from scratch on all of its
// samples after every update(): boosting on a few hundred or thousand rows
// takes milliseconds, and a fresh model never carries trees fitted to an
// early, small training set. Each distinct CostSample::group is one ranking
// group (its rows made contiguous, groups in first-seen order), so the model
// only learns the order of candidates of the same task and target; labels
// are normalized throughputs (larger is better). Until there are
// `warmupSamples` samples with a label > 0 and one group with two distinct
// labels, the model is untrained and predicts seeded random numbers in
// (0, 1] (warm-up, as in Ansor). A model that was load()ed predicts with the
// loaded booster until a retrain replaces it.
//
// Booster parameters, and why:
//   objective         rank:pairwise  The search only needs the order of the
//                                    candidates of one task; a pairwise
//                                    (logistic) loss within groups learns
//                                    exactly that, and does not spend trees
//                                    on the level of each task.
//   max_depth         6              Deep enough for interactions of a few
//                                    knobs (tile sizes x vector width x
//                                    unrolling), shallow enough not to
//                                    memorize a few hundred rows (also the
//                                    XGBoost and TVM default). Option
//                                    `max-depth`.
//   eta               0.3            The XGBoost default learning rate;
//                                    with 60 rounds the training loss has
//                                    flattened on such small sets. Option
//                                    `eta`.
//   min_child_weight  1              Leaves may hold few rows: the data is
//                                    small, and rare good candidates matter.
//   gamma             0.0001         A split must gain something: no splits
//                                    on ties or on constant features.
//   lambda            1              The default L2 penalty on leaf weights.
//   tree_method       hist           Fast (histograms of quantized
//                                    features) and deterministic for a given
//                                    thread count.
//   max_bin           32             Most features take few distinct values
//                                    (log2 of tile sizes, trip counts); 32
//                                    bins train 3x faster than the default
//                                    256 on 300 x 60 samples (63 vs 210 ms).
//   seed              options.seed   Reproducible runs.
//   nthread           options.threads (0: all hardware threads).
//   verbosity         0              XGBoost must not write to the tuner's
//                                    output.
// Rounds: 60 (option `rounds`), enough for the training loss to flatten on
// the data sizes of a tuning run while keeping a retrain cheap.
//
// Scores. With a pairwise logistic loss the difference of two margins
// estimates the log-odds that one candidate is faster than the other, so
// exp(margin) (clamped to [-30, 30]) is used as a score whose ratios
// approximate throughput ratios.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/CostModel/CostModel.h"

#include "CostModelUtils.h"

#include "Tuner/Config.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <random>
#include <utility>

#if TUNER_HAS_XGBOOST
#include <xgboost/c_api.h>
#endif

using namespace mlir;
using namespace mlir::tuner;

namespace {
/// The model-specific options.
struct XGBoostParams {
  unsigned rounds = 60;
  unsigned maxDepth = 6;
  double eta = 0.3;
};

LogicalResult parseOptions(const llvm::StringMap<std::string> &options,
                           XGBoostParams &params, std::string &error) {
  // Sorted, so that the first bad option reported does not depend on
  // hashing.
  std::vector<StringRef> names;
  for (const auto &kv : options)
    names.push_back(kv.getKey());
  llvm::sort(names);
  for (StringRef name : names) {
    StringRef value = options.find(name)->second;
    auto bad = [&](StringRef expected) {
      error = "option '" + name.str() + "' of cost model 'xgboost' must be " +
              expected.str() + ", got '" + value.str() + "'";
      return failure();
    };
    if (name == "rounds" || name == "max-depth") {
      unsigned n;
      if (value.trim().getAsInteger(10, n) || n < 1)
        return bad("an integer >= 1");
      (name == "rounds" ? params.rounds : params.maxDepth) = n;
    } else if (name == "eta") {
      double d;
      if (value.trim().getAsDouble(d) || !(d > 0 && d <= 1))
        return bad("a number in (0, 1]");
      params.eta = d;
    } else {
      error = "unknown option '" + name.str() +
              "' of cost model 'xgboost'; known: rounds, max-depth, eta";
      return failure();
    }
  }
  return success();
}
} // namespace

#if TUNER_HAS_XGBOOST

namespace {
// The C API functions the model uses.
#define TUNER_XGBOOST_FUNCTIONS(X)                                             \
  X(XGBGetLastError)                                                           \
  X(XGDMatrixCreateFromMat)                                                    \
  X(XGDMatrixSetFloatInfo)                                                     \
  X(XGDMatrixSetUIntInfo)                                                      \
  X(XGDMatrixFree)                                                             \
  X(XGBoosterCreate)                                                           \
  X(XGBoosterFree)                                                             \
  X(XGBoosterSetParam)                                                         \
  X(XGBoosterUpdateOneIter)                                                    \
  X(XGBoosterPredictFromDMatrix)                                               \
  X(XGBoosterSaveModelToBuffer)                                                \
  X(XGBoosterLoadModelFromBuffer)                                              \
  X(XGBoosterGetNumFeature)

/// libxgboost's C API, resolved at run time: one pointer per function, named
/// like the function and of its type.
struct XGBoostAPI {
#define TUNER_XGBOOST_POINTER(fn) decltype(&::fn) fn = nullptr;
  TUNER_XGBOOST_FUNCTIONS(TUNER_XGBOOST_POINTER)
#undef TUNER_XGBOOST_POINTER
};

/// Opens libxgboost and resolves the API, once per process (a thread-safe
/// static). Returns null, with the reason in `error`, when that failed.
const XGBoostAPI *getXGBoostAPI(std::string &error) {
  struct Loaded {
    XGBoostAPI api;
    std::string error;
  };
  static const Loaded loaded = [] {
    Loaded l;
    auto fail = [&](const std::string &reason) {
      l.error = "cannot load libxgboost (libxgboost.so.0): " + reason +
                "; install libxgboost-dev or use cost-model=random";
      return l;
    };
    std::string reason;
    llvm::sys::DynamicLibrary lib;
    for (const char *name : {"libxgboost.so.0", "libxgboost.so"}) {
      std::string message;
      lib = llvm::sys::DynamicLibrary::getPermanentLibrary(name, &message);
      if (lib.isValid())
        break;
      if (reason.empty())
        reason = message;
    }
    if (!lib.isValid())
      return fail(reason);
#define TUNER_XGBOOST_RESOLVE(fn)                                              \
  l.api.fn = reinterpret_cast<decltype(&::fn)>(lib.getAddressOfSymbol(#fn));   \
  if (!l.api.fn)                                                               \
    return fail("the library has no symbol " #fn);
    TUNER_XGBOOST_FUNCTIONS(TUNER_XGBOOST_RESOLVE)
#undef TUNER_XGBOOST_RESOLVE
    return l;
  }();
  if (!loaded.error.empty()) {
    error = loaded.error;
    return nullptr;
  }
  return &loaded.api;
}

/// Owns a DMatrixHandle.
class DMatrix {
public:
  explicit DMatrix(const XGBoostAPI &api) : api(api) {}
  DMatrix(const DMatrix &) = delete;
  DMatrix &operator=(const DMatrix &) = delete;
  ~DMatrix() {
    if (handle)
      api.XGDMatrixFree(handle);
  }

  DMatrixHandle handle = nullptr;

private:
  const XGBoostAPI &api;
};

/// Owns a BoosterHandle (null: none).
class Booster {
public:
  explicit Booster(const XGBoostAPI &api) : api(api) {}
  Booster(const Booster &) = delete;
  Booster &operator=(const Booster &) = delete;
  ~Booster() { reset(); }

  void reset(BoosterHandle h = nullptr) {
    if (handle)
      api.XGBoosterFree(handle);
    handle = h;
  }
  BoosterHandle release() { return std::exchange(handle, nullptr); }
  explicit operator bool() const { return handle != nullptr; }

  BoosterHandle handle = nullptr;

private:
  const XGBoostAPI &api;
};

class XGBoostCostModel : public CostModel {
public:
  XGBoostCostModel(const XGBoostAPI &api, const CostModelOptions &options,
                   const XGBoostParams &params)
      : api(api), params(params), seed(options.seed),
        warmupSamples(options.warmupSamples),
        threads(options.threads
                    ? options.threads
                    : llvm::hardware_concurrency().compute_thread_count()),
        rng(options.seed), booster(api) {}

  StringRef getName() const override { return "xgboost"; }

  LogicalResult update(ArrayRef<CostSample> newSamples,
                       std::string &error) override {
    auto start = std::chrono::steady_clock::now();
    LogicalResult result = addAndTrain(newSamples, error);
    trainSeconds += secondsSince(start);
    return result;
  }

  std::vector<double> predict(ArrayRef<FeatureVector> features) override {
    auto start = std::chrono::steady_clock::now();
    std::vector<double> scores;
    std::string error;
    if (!booster || failed(predictWithBooster(features, scores, error))) {
      if (booster && !warnedPredict) {
        llvm::errs() << "warning: xgboost prediction failed (" << error
                     << "); using random scores\n";
        warnedPredict = true;
      }
      scores = detail::drawRandomScores(features, numFeatures, rng);
    }
    predictSeconds += secondsSince(start);
    return scores;
  }

  bool isTrained() const override { return static_cast<bool>(booster); }

  size_t getNumSamples() const override { return samples.size(); }
  size_t getNumFeatures() const override { return numFeatures; }

  LogicalResult save(StringRef path, std::string &error) const override;
  LogicalResult load(StringRef path, std::string &error) override;

private:
  static double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         start)
        .count();
  }

  /// Turns a C API status into a result, with XGBoost's message.
  LogicalResult check(int status, StringRef call, std::string &error) const {
    if (status == 0)
      return success();
    const char *message = api.XGBGetLastError();
    // "[hh:mm:ss] file:line: message\nStack trace: ...": keep the message.
    StringRef first = message ? StringRef(message) : "unknown error";
    first = first.split('\n').first.trim();
    if (first.starts_with("[") && first.contains("] "))
      first = first.split("] ").second;
    error = "xgboost: " + call.str() + " failed: " + first.str();
    return failure();
  }

  /// Adds the samples with features (none when one has the wrong length),
  /// then retrains when the warm-up is over. When training fails the
  /// samples stay and the previous booster (if any) keeps predicting.
  LogicalResult addAndTrain(ArrayRef<CostSample> newSamples,
                            std::string &error);
  /// Whether the samples are enough to train (the end of the warm-up).
  bool canTrain() const;
  /// Trains a fresh booster on all samples; replaces the current one on
  /// success.
  LogicalResult train(std::string &error);
  LogicalResult setParams(BoosterHandle handle, bool training,
                          std::string &error) const;
  LogicalResult predictWithBooster(ArrayRef<FeatureVector> features,
                                   std::vector<double> &scores,
                                   std::string &error);

  const XGBoostAPI &api;
  XGBoostParams params;
  uint64_t seed;
  unsigned warmupSamples;
  unsigned threads;
  /// Warm-up scores.
  std::mt19937_64 rng;
  /// The training set: samples with features, in the order added.
  std::vector<CostSample> samples;
  /// Length of every feature vector; 0 before the first sample.
  size_t numFeatures = 0;
  /// The trained (or loaded) booster; null during warm-up.
  Booster booster;
  bool warnedPredict = false;
};
} // namespace

LogicalResult XGBoostCostModel::addAndTrain(ArrayRef<CostSample> newSamples,
                                            std::string &error) {
  size_t n = numFeatures;
  if (failed(detail::checkSamples(newSamples, n, error)))
    return failure();
  numFeatures = n;
  for (const CostSample &s : newSamples)
    if (!s.features.empty())
      samples.push_back(s);
  if (!canTrain())
    return success();
  return train(error);
}

bool XGBoostCostModel::canTrain() const {
  size_t positive = 0;
  bool ranked = false;
  llvm::StringMap<std::pair<float, float>> range; // group -> (min, max)
  for (const CostSample &s : samples) {
    if (s.label > 0)
      ++positive;
    auto [it, inserted] = range.try_emplace(s.group, s.label, s.label);
    it->second.first = std::min(it->second.first, s.label);
    it->second.second = std::max(it->second.second, s.label);
    ranked |= it->second.first != it->second.second;
  }
  return positive >= warmupSamples && ranked;
}

LogicalResult XGBoostCostModel::setParams(BoosterHandle handle, bool training,
                                          std::string &error) const {
  std::vector<std::pair<std::string, std::string>> values = {
      {"verbosity", "0"},
      {"nthread", std::to_string(threads)},
  };
  if (training) {
    std::string eta;
    llvm::raw_string_ostream(eta) << llvm::format("%.17g", params.eta);
    values.insert(values.end(),
                  {
                      {"objective", "rank:pairwise"},
                      {"max_depth", std::to_string(params.maxDepth)},
                      {"eta", eta},
                      {"min_child_weight", "1"},
                      {"gamma", "0.0001"},
                      {"lambda", "1"},
                      {"tree_method", "hist"},
                      {"max_bin", "32"},
                      {"seed", std::to_string(seed)},
                  });
  }
  for (const auto &[name, value] : values)
    if (failed(check(api.XGBoosterSetParam(handle, name.c_str(), value.c_str()),
                     "XGBoosterSetParam(" + name + ", " + value + ")", error)))
      return failure();
  return success();
}

LogicalResult XGBoostCostModel::train(std::string &error) {
  // Rows grouped by CostSample::group, groups in first-seen order.
  llvm::StringMap<unsigned> groupIds;
  std::vector<std::vector<size_t>> groupRows;
  for (size_t i = 0, e = samples.size(); i != e; ++i) {
    auto [it, inserted] =
        groupIds.try_emplace(samples[i].group, groupRows.size());
    if (inserted)
      groupRows.emplace_back();
    groupRows[it->second].push_back(i);
  }
  size_t rows = samples.size();
  std::vector<float> data;
  data.reserve(rows * numFeatures);
  std::vector<float> labels;
  labels.reserve(rows);
  std::vector<unsigned> groupSizes;
  for (const std::vector<size_t> &group : groupRows) {
    groupSizes.push_back(group.size());
    for (size_t i : group) {
      data.insert(data.end(), samples[i].features.begin(),
                  samples[i].features.end());
      labels.push_back(samples[i].label);
    }
  }

  DMatrix dtrain(api);
  if (failed(check(api.XGDMatrixCreateFromMat(data.data(), rows, numFeatures,
                                              NAN, &dtrain.handle),
                   "XGDMatrixCreateFromMat", error)) ||
      failed(check(api.XGDMatrixSetFloatInfo(dtrain.handle, "label",
                                             labels.data(), rows),
                   "XGDMatrixSetFloatInfo(label)", error)) ||
      failed(
          check(api.XGDMatrixSetUIntInfo(dtrain.handle, "group",
                                         groupSizes.data(), groupSizes.size()),
                "XGDMatrixSetUIntInfo(group)", error)))
    return failure();

  Booster fresh(api);
  if (failed(check(api.XGBoosterCreate(&dtrain.handle, 1, &fresh.handle),
                   "XGBoosterCreate", error)) ||
      failed(setParams(fresh.handle, /*training=*/true, error)))
    return failure();
  for (unsigned i = 0; i < params.rounds; ++i)
    if (failed(check(api.XGBoosterUpdateOneIter(fresh.handle, i, dtrain.handle),
                     "XGBoosterUpdateOneIter", error)))
      return failure();
  booster.reset(fresh.release());
  return success();
}

LogicalResult
XGBoostCostModel::predictWithBooster(ArrayRef<FeatureVector> features,
                                     std::vector<double> &scores,
                                     std::string &error) {
  scores.assign(features.size(), 0.0);
  std::vector<size_t> scored;
  std::vector<float> data;
  for (size_t i = 0, e = features.size(); i != e; ++i) {
    if (features[i].empty() || features[i].size() != numFeatures)
      continue;
    scored.push_back(i);
    data.insert(data.end(), features[i].begin(), features[i].end());
  }
  if (scored.empty())
    return success();

  DMatrix dmat(api);
  if (failed(check(api.XGDMatrixCreateFromMat(data.data(), scored.size(),
                                              numFeatures, NAN, &dmat.handle),
                   "XGDMatrixCreateFromMat", error)))
    return failure();
  const bst_ulong *shape = nullptr;
  bst_ulong dim = 0;
  const float *margins = nullptr;
  if (failed(check(api.XGBoosterPredictFromDMatrix(
                       booster.handle, dmat.handle,
                       "{\"type\": 0, \"training\": false, "
                       "\"iteration_begin\": 0, \"iteration_end\": 0, "
                       "\"strict_shape\": false}",
                       &shape, &dim, &margins),
                   "XGBoosterPredictFromDMatrix", error)))
    return failure();
  bst_ulong count = 1;
  for (bst_ulong d = 0; d < dim; ++d)
    count *= shape[d];
  if (count != scored.size()) {
    error = "xgboost returned " + std::to_string(count) + " predictions for " +
            std::to_string(scored.size()) + " rows";
    return failure();
  }
  for (size_t k = 0, e = scored.size(); k != e; ++k) {
    double m = margins[k];
    scores[scored[k]] =
        std::exp(std::isnan(m) ? -30.0 : std::clamp(m, -30.0, 30.0));
  }
  return success();
}

LogicalResult XGBoostCostModel::save(StringRef path, std::string &error) const {
  std::string text;
  if (booster) {
    bst_ulong length = 0;
    const char *buffer = nullptr;
    if (failed(check(api.XGBoosterSaveModelToBuffer(booster.handle,
                                                    "{\"format\": \"json\"}",
                                                    &length, &buffer),
                     "XGBoosterSaveModelToBuffer", error)))
      return failure();
    text.assign(buffer, length);
  }
  return detail::writeCostModelFile(path, getName(), numFeatures, samples, text,
                                    error);
}

LogicalResult XGBoostCostModel::load(StringRef path, std::string &error) {
  size_t fileFeatures = 0;
  std::vector<CostSample> fileSamples;
  std::string text;
  if (failed(detail::readCostModelFile(path, getName(), fileFeatures,
                                       fileSamples, text, error)))
    return failure();
  bool hasData = !fileSamples.empty() || !text.empty();
  if (hasData && numFeatures != 0 && fileFeatures != numFeatures) {
    error = "cost model file '" + path.str() + "' has " +
            std::to_string(fileFeatures) +
            " features, the model's samples have " +
            std::to_string(numFeatures);
    return failure();
  }

  Booster loaded(api);
  if (!text.empty()) {
    auto fail = [&](const std::string &message) {
      error = "cost model file '" + path.str() + "': " + message;
      return failure();
    };
    if (failed(check(api.XGBoosterCreate(nullptr, 0, &loaded.handle),
                     "XGBoosterCreate", error)) ||
        failed(check(api.XGBoosterLoadModelFromBuffer(loaded.handle,
                                                      text.data(), text.size()),
                     "XGBoosterLoadModelFromBuffer", error)) ||
        failed(setParams(loaded.handle, /*training=*/false, error)))
      return fail(error);
    bst_ulong boosterFeatures = 0;
    if (failed(
            check(api.XGBoosterGetNumFeature(loaded.handle, &boosterFeatures),
                  "XGBoosterGetNumFeature", error)))
      return fail(error);
    if (boosterFeatures != fileFeatures)
      return fail("the booster has " + std::to_string(boosterFeatures) +
                  " features, 'num_features' is " +
                  std::to_string(fileFeatures));
  }

  if (hasData)
    numFeatures = fileFeatures;
  samples.insert(samples.end(), fileSamples.begin(), fileSamples.end());
  if (loaded)
    booster.reset(loaded.release());
  return success();
}

FailureOr<std::unique_ptr<CostModel>>
mlir::tuner::createXGBoostCostModel(const CostModelOptions &options,
                                    std::string &error) {
  XGBoostParams params;
  if (failed(parseOptions(options.options, params, error)))
    return failure();
  const XGBoostAPI *api = getXGBoostAPI(error);
  if (!api)
    return failure();
  return std::unique_ptr<CostModel>(
      new XGBoostCostModel(*api, options, params));
}

#else // !TUNER_HAS_XGBOOST

FailureOr<std::unique_ptr<CostModel>>
mlir::tuner::createXGBoostCostModel(const CostModelOptions &options,
                                    std::string &error) {
  XGBoostParams params;
  if (failed(parseOptions(options.options, params, error)))
    return failure();
  error = "this build has no XGBoost support (libxgboost-dev was not found "
          "at configure time)";
  return failure();
}

#endif // TUNER_HAS_XGBOOST
