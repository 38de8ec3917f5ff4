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
// (0, 1] (warm-up, as in Ansor).
//
// Transfer. A model that was load()ed keeps the loaded booster as a prior
// (AutoTVM's base model): it predicts with the prior alone until the new
// samples can train, and from then on with the prior's margin plus a
// residual booster trained with the prior's margins as base margins, on the
// samples of the groups (tasks) that got new samples: the new task's own
// few samples are not mixed into the hundreds the prior was trained on.
// Measured offline (bench/cost_model_transfer.py, docs/CostModel.md):
// mixing them in one training set ranks a new shape worse than its own 16
// samples alone; boosting from the prior ranks as well as those and puts
// the best candidates higher. A save() of a model with a prior writes all
// samples and no booster; load() trains the prior from the samples of a
// file without one.
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
#include "llvm/ADT/StringSet.h"
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
        rng(options.seed), booster(api), prior(api) {}

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
    if (!isTrained() || failed(predictWithBooster(features, scores, error))) {
      if (isTrained() && !warnedPredict) {
        llvm::errs() << "warning: xgboost prediction failed (" << error
                     << "); using random scores\n";
        warnedPredict = true;
      }
      scores = detail::drawRandomScores(features, numFeatures, rng);
    }
    predictSeconds += secondsSince(start);
    return scores;
  }

  bool isTrained() const override {
    return static_cast<bool>(booster) || static_cast<bool>(prior);
  }

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
  /// Whether `rows` of the samples are enough to train (the end of the
  /// warm-up).
  bool canTrain(ArrayRef<size_t> rows) const;
  /// The rows a booster trains on: all samples, or with a prior those of
  /// the groups that got samples after the load.
  std::vector<size_t> getTrainingRows() const;
  /// Trains a fresh booster on `rows` (with the prior's margins as base
  /// margins when `withPrior`); on success `into` holds it.
  LogicalResult train(ArrayRef<size_t> rows, bool withPrior, Booster &into,
                      std::string &error) const;
  /// Margins of `handle` on rows of `data` (numFeatures wide), with
  /// `baseMargins` added when not empty.
  LogicalResult predictMargins(BoosterHandle handle, ArrayRef<float> data,
                               ArrayRef<float> baseMargins,
                               std::vector<float> &margins,
                               std::string &error) const;
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
  /// The trained booster (the residual when there is a prior); null during
  /// warm-up.
  Booster booster;
  /// The loaded booster, or null; samples[0, numPriorSamples) came with it.
  Booster prior;
  size_t numPriorSamples = 0;
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
  std::vector<size_t> rows = getTrainingRows();
  if (!canTrain(rows))
    return success();
  Booster fresh(api);
  if (failed(train(rows, static_cast<bool>(prior), fresh, error)))
    return failure();
  booster.reset(fresh.release());
  return success();
}

std::vector<size_t> XGBoostCostModel::getTrainingRows() const {
  std::vector<size_t> rows;
  if (!prior) {
    for (size_t i = 0, e = samples.size(); i != e; ++i)
      rows.push_back(i);
    return rows;
  }
  llvm::StringSet<> fresh;
  for (size_t i = numPriorSamples, e = samples.size(); i < e; ++i)
    fresh.insert(samples[i].group);
  for (size_t i = 0, e = samples.size(); i != e; ++i)
    if (fresh.contains(samples[i].group))
      rows.push_back(i);
  return rows;
}

bool XGBoostCostModel::canTrain(ArrayRef<size_t> rows) const {
  size_t positive = 0;
  bool ranked = false;
  llvm::StringMap<std::pair<float, float>> range; // group -> (min, max)
  for (size_t row : rows) {
    const CostSample &s = samples[row];
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

LogicalResult XGBoostCostModel::train(ArrayRef<size_t> trainingRows,
                                      bool withPrior, Booster &into,
                                      std::string &error) const {
  // Rows grouped by CostSample::group, groups in first-seen order.
  llvm::StringMap<unsigned> groupIds;
  std::vector<std::vector<size_t>> groupRows;
  for (size_t i : trainingRows) {
    auto [it, inserted] =
        groupIds.try_emplace(samples[i].group, groupRows.size());
    if (inserted)
      groupRows.emplace_back();
    groupRows[it->second].push_back(i);
  }
  size_t rows = trainingRows.size();
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
  if (withPrior) {
    std::vector<float> baseMargins;
    if (failed(predictMargins(prior.handle, data, {}, baseMargins, error)) ||
        failed(check(api.XGDMatrixSetFloatInfo(dtrain.handle, "base_margin",
                                               baseMargins.data(), rows),
                     "XGDMatrixSetFloatInfo(base_margin)", error)))
      return failure();
  }

  Booster fresh(api);
  if (failed(check(api.XGBoosterCreate(&dtrain.handle, 1, &fresh.handle),
                   "XGBoosterCreate", error)) ||
      failed(setParams(fresh.handle, /*training=*/true, error)))
    return failure();
  for (unsigned i = 0; i < params.rounds; ++i)
    if (failed(check(api.XGBoosterUpdateOneIter(fresh.handle, i, dtrain.handle),
                     "XGBoosterUpdateOneIter", error)))
      return failure();
  into.reset(fresh.release());
  return success();
}

LogicalResult XGBoostCostModel::predictMargins(BoosterHandle handle,
                                               ArrayRef<float> data,
                                               ArrayRef<float> baseMargins,
                                               std::vector<float> &margins,
                                               std::string &error) const {
  size_t rows = data.size() / numFeatures;
  DMatrix dmat(api);
  if (failed(check(api.XGDMatrixCreateFromMat(data.data(), rows, numFeatures,
                                              NAN, &dmat.handle),
                   "XGDMatrixCreateFromMat", error)))
    return failure();
  if (!baseMargins.empty() &&
      failed(check(api.XGDMatrixSetFloatInfo(dmat.handle, "base_margin",
                                             baseMargins.data(), rows),
                   "XGDMatrixSetFloatInfo(base_margin)", error)))
    return failure();
  const bst_ulong *shape = nullptr;
  bst_ulong dim = 0;
  const float *result = nullptr;
  // type 1: the margin (the raw sum of the trees and the base margin).
  if (failed(check(api.XGBoosterPredictFromDMatrix(
                       handle, dmat.handle,
                       "{\"type\": 1, \"training\": false, "
                       "\"iteration_begin\": 0, \"iteration_end\": 0, "
                       "\"strict_shape\": false}",
                       &shape, &dim, &result),
                   "XGBoosterPredictFromDMatrix", error)))
    return failure();
  bst_ulong count = 1;
  for (bst_ulong d = 0; d < dim; ++d)
    count *= shape[d];
  if (count != rows) {
    error = "xgboost returned " + std::to_string(count) + " predictions for " +
            std::to_string(rows) + " rows";
    return failure();
  }
  margins.assign(result, result + rows);
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

  // The prior's margins, plus the booster's trees on top of them.
  std::vector<float> margins;
  if (prior && failed(predictMargins(prior.handle, data, {}, margins, error)))
    return failure();
  if (booster) {
    std::vector<float> base = std::move(margins);
    if (failed(predictMargins(booster.handle, data, base, margins, error)))
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
  // The booster trained on exactly the samples saved: the booster without
  // a prior, the prior while no sample came after it. A residual means
  // nothing alone: then the file gets the samples only, and load() trains
  // on them.
  const Booster *whole = nullptr;
  if (!prior)
    whole = booster ? &booster : nullptr;
  else if (numPriorSamples == samples.size())
    whole = &prior;
  std::string text;
  if (whole) {
    bst_ulong length = 0;
    const char *buffer = nullptr;
    if (failed(check(api.XGBoosterSaveModelToBuffer(whole->handle,
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
  numPriorSamples = samples.size();
  if (!loaded) {
    // A file without a booster: the prior is trained on its samples.
    std::vector<size_t> rows;
    for (size_t i = 0, e = samples.size(); i != e; ++i)
      rows.push_back(i);
    if (canTrain(rows) &&
        failed(train(rows, /*withPrior=*/false, loaded, error)))
      return failure();
  }
  // Everything learned so far becomes the prior of what comes next.
  if (loaded) {
    prior.reset(loaded.release());
    booster.reset();
  } else if (booster && !prior) {
    prior.reset(booster.release());
  }
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
