//===- CostModelTest.cpp - the cost models --------------------------------===//
//
// Ranking quality on a known non-linear function, warm-up, determinism,
// save/load round trips and damaged files, options, and the scores of empty
// and malformed feature vectors. The xgboost tests are skipped where
// libxgboost cannot be loaded or the build has no XGBoost support.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/CostModel/CostModel.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <random>

using namespace mlir;
using namespace mlir::tuner;

namespace {
/// Whether createXGBoostCostModel failed because XGBoost is not available
/// here (rather than because of a bug).
bool isUnavailable(StringRef error) {
  return error.contains("cannot load libxgboost") ||
         error.contains("no XGBoost support");
}

std::unique_ptr<CostModel> create(StringRef name,
                                  const CostModelOptions &options = {}) {
  std::string error;
  auto model = createCostModel(name, options, error);
  EXPECT_TRUE(succeeded(model)) << error;
  return succeeded(model) ? std::move(*model) : nullptr;
}

/// A data set of a known function: 6 knobs in {0..7} and one feature naming
/// the group (as task features would), 4 groups whose optima differ.
struct RankingData {
  std::vector<CostSample> train, test;
  /// True throughputs of the test samples.
  std::vector<double> testThroughput;
};

double throughput(const std::vector<float> &x, unsigned g) {
  return 1.0 / (1.0 + std::abs(x[0] - (3.0 + g % 2)) +
                0.5 * std::abs(x[1] - (5.0 - g / 2)) + 0.2 * x[2] * x[3] / 8.0 +
                0.1 * x[4]);
}

RankingData makeRankingData(uint64_t seed = 7) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> knob(0, 7);
  const unsigned numPoints = 400, numTrain = 300, numGroups = 4;
  std::vector<CostSample> all;
  std::vector<double> t;
  for (unsigned i = 0; i < numPoints; ++i) {
    unsigned g = i % numGroups;
    CostSample s;
    for (int k = 0; k < 6; ++k)
      s.features.push_back(knob(rng));
    s.features.push_back(g);
    s.group = "task" + std::to_string(g);
    t.push_back(throughput(s.features, g));
    all.push_back(std::move(s));
  }
  std::vector<double> best(numGroups, 0.0);
  for (unsigned i = 0; i < numPoints; ++i)
    best[i % numGroups] = std::max(best[i % numGroups], t[i]);
  RankingData data;
  for (unsigned i = 0; i < numPoints; ++i) {
    all[i].label = t[i] / best[i % numGroups];
    if (i < numTrain) {
      data.train.push_back(all[i]);
    } else {
      data.test.push_back(all[i]);
      data.testThroughput.push_back(t[i]);
    }
  }
  return data;
}

/// The fraction of pairs of test samples of the same group with different
/// throughputs that `scores` order correctly (score ties count half).
double pairwiseAccuracy(const RankingData &data,
                        const std::vector<double> &scores) {
  double correct = 0;
  size_t pairs = 0;
  for (size_t i = 0; i < data.test.size(); ++i) {
    for (size_t j = i + 1; j < data.test.size(); ++j) {
      double dt = data.testThroughput[i] - data.testThroughput[j];
      if (data.test[i].group != data.test[j].group || dt == 0)
        continue;
      ++pairs;
      double ds = scores[i] - scores[j];
      if (ds == 0)
        correct += 0.5;
      else if ((ds > 0) == (dt > 0))
        correct += 1;
    }
  }
  return pairs ? correct / pairs : 0;
}

std::vector<FeatureVector> featuresOf(ArrayRef<CostSample> samples) {
  std::vector<FeatureVector> features;
  for (const CostSample &s : samples)
    features.push_back(s.features);
  return features;
}

/// Creates xgboost models; skips the test where XGBoost is not available.
class XGBoostTest : public ::testing::Test {
protected:
  void SetUp() override {
    std::string error;
    auto model = createXGBoostCostModel(CostModelOptions(), error);
    if (failed(model)) {
      if (isUnavailable(error))
        GTEST_SKIP() << error;
      FAIL() << error;
    }
  }

  std::unique_ptr<CostModel> make(const CostModelOptions &options = {}) {
    return create("xgboost", options);
  }

  /// A model trained on the ranking data.
  std::unique_ptr<CostModel> makeTrained(const RankingData &data,
                                         const CostModelOptions &options = {}) {
    std::unique_ptr<CostModel> model = make(options);
    if (!model)
      return nullptr;
    std::string error;
    EXPECT_TRUE(succeeded(model->update(data.train, error))) << error;
    EXPECT_TRUE(model->isTrained());
    return model;
  }
};

/// A temporary file, removed (with its ".tmp") at the end of the scope.
struct TempFile {
  TempFile() {
    EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("costmodel", "json", path));
  }
  ~TempFile() {
    llvm::sys::fs::remove(path);
    llvm::sys::fs::remove(path + ".tmp");
  }
  std::string str() const { return path.str().str(); }
  llvm::SmallString<128> path;
};

void writeFile(StringRef path, StringRef text) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  ASSERT_FALSE(ec) << ec.message();
  os << text;
}
} // namespace

//===----------------------------------------------------------------------===//
// Ranking quality
//===----------------------------------------------------------------------===//

TEST_F(XGBoostTest, RanksHeldOutCandidates) {
  RankingData data = makeRankingData();
  std::unique_ptr<CostModel> model = makeTrained(data);
  ASSERT_TRUE(model);
  EXPECT_EQ(model->getNumSamples(), 300u);
  std::vector<double> scores = model->predict(featuresOf(data.test));
  ASSERT_EQ(scores.size(), data.test.size());
  for (double s : scores)
    EXPECT_GT(s, 0);
  double accuracy = pairwiseAccuracy(data, scores);
  std::printf("xgboost pairwise accuracy on held-out points: %.3f\n", accuracy);
  EXPECT_GE(accuracy, 0.8);
  EXPECT_GT(model->getTrainSeconds(), 0);
  EXPECT_GT(model->getPredictSeconds(), 0);
}

// A task with a few samples next to one with hundreds (a new shape's first
// batches next to the records a warm model was loaded with): the model must
// learn the small task's own order, which here is the opposite of the large
// one's, rather than fit the large task alone.
TEST_F(XGBoostTest, SmallGroupIsNotDrownedByALargeOne) {
  std::mt19937_64 rng(11);
  std::uniform_int_distribution<int> knob(0, 7);
  auto sample = [&](unsigned g) {
    CostSample s;
    for (int k = 0; k < 4; ++k)
      s.features.push_back(knob(rng));
    s.features.push_back(g); // the task's own features tell them apart
    s.group = g ? "small" : "large";
    // Opposite optima of the first knob, the same for the others.
    float best = g ? 6 : 1;
    s.label = 1.0f / (1.0f + std::abs(s.features[0] - best) +
                      0.3f * s.features[1]);
    return s;
  };
  std::vector<CostSample> train;
  for (int i = 0; i < 600; ++i)
    train.push_back(sample(0));
  for (int i = 0; i < 24; ++i)
    train.push_back(sample(1));
  RankingData small;
  for (int i = 0; i < 200; ++i) {
    small.test.push_back(sample(1));
    small.testThroughput.push_back(small.test.back().label);
  }
  std::unique_ptr<CostModel> model = make();
  ASSERT_TRUE(model);
  std::string error;
  ASSERT_TRUE(succeeded(model->update(train, error))) << error;
  double accuracy =
      pairwiseAccuracy(small, model->predict(featuresOf(small.test)));
  std::printf("pairwise accuracy on the small group: %.3f\n", accuracy);
  EXPECT_GE(accuracy, 0.75);
}

// A loaded model is the prior of a new task (AutoTVM's transfer): with 16
// samples of a task whose optimum is near the source task's, it ranks that
// task better than a cold model trained on the same 16 samples, and better
// than one training set of source and target samples.
TEST_F(XGBoostTest, LoadedModelIsAPriorForNewTasks) {
  std::mt19937_64 rng(5);
  std::uniform_int_distribution<int> knob(0, 7);
  auto sample = [&](unsigned g) {
    CostSample s;
    for (int k = 0; k < 6; ++k)
      s.features.push_back(knob(rng));
    s.features.push_back(g);
    s.group = "task" + std::to_string(g);
    s.label = throughput(s.features, g);
    return s;
  };
  std::vector<CostSample> source, target;
  for (int i = 0; i < 300; ++i)
    source.push_back(sample(0));
  for (int i = 0; i < 16; ++i)
    target.push_back(sample(1));
  RankingData test;
  for (int i = 0; i < 300; ++i) {
    test.test.push_back(sample(1));
    test.testThroughput.push_back(test.test.back().label);
  }
  std::vector<FeatureVector> features = featuresOf(test.test);
  std::string error;

  std::unique_ptr<CostModel> trained = make();
  ASSERT_TRUE(trained);
  ASSERT_TRUE(succeeded(trained->update(source, error))) << error;
  TempFile file;
  ASSERT_TRUE(succeeded(trained->save(file.path, error))) << error;

  std::unique_ptr<CostModel> warm = make();
  ASSERT_TRUE(warm);
  ASSERT_TRUE(succeeded(warm->load(file.path, error))) << error;
  ASSERT_TRUE(succeeded(warm->update(target, error))) << error;
  double warmAccuracy = pairwiseAccuracy(test, warm->predict(features));

  std::unique_ptr<CostModel> cold = make();
  ASSERT_TRUE(cold);
  ASSERT_TRUE(succeeded(cold->update(target, error))) << error;
  double coldAccuracy = pairwiseAccuracy(test, cold->predict(features));

  std::unique_ptr<CostModel> mixed = make();
  ASSERT_TRUE(mixed);
  ASSERT_TRUE(succeeded(mixed->update(source, error))) << error;
  ASSERT_TRUE(succeeded(mixed->update(target, error))) << error;
  double mixedAccuracy = pairwiseAccuracy(test, mixed->predict(features));

  std::printf("pairwise accuracy on a new task after 16 samples: prior %.3f, "
              "cold %.3f, one training set %.3f\n",
              warmAccuracy, coldAccuracy, mixedAccuracy);
  EXPECT_GT(warmAccuracy, coldAccuracy + 0.02);
  EXPECT_GT(warmAccuracy, mixedAccuracy);

  // Saved with its residual, the model keeps every sample and no booster;
  // loading it trains a prior on all of them.
  TempFile again;
  ASSERT_TRUE(succeeded(warm->save(again.path, error))) << error;
  auto text = llvm::MemoryBuffer::getFile(again.path);
  ASSERT_TRUE(text);
  EXPECT_FALSE((*text)->getBuffer().contains("\"learner\""));
  std::unique_ptr<CostModel> reloaded = make();
  ASSERT_TRUE(reloaded);
  ASSERT_TRUE(succeeded(reloaded->load(again.path, error))) << error;
  EXPECT_EQ(reloaded->getNumSamples(), 316u);
  EXPECT_TRUE(reloaded->isTrained());
  EXPECT_GT(pairwiseAccuracy(test, reloaded->predict(features)), 0.6);
}

TEST(RandomCostModelTest, RanksLikeChance) {
  RankingData data = makeRankingData();
  std::unique_ptr<CostModel> model = create("random");
  ASSERT_TRUE(model);
  std::string error;
  ASSERT_TRUE(succeeded(model->update(data.train, error))) << error;
  EXPECT_FALSE(model->isTrained());
  EXPECT_EQ(model->getNumSamples(), 300u);
  std::vector<double> scores = model->predict(featuresOf(data.test));
  for (double s : scores) {
    EXPECT_GT(s, 0);
    EXPECT_LE(s, 1);
  }
  double accuracy = pairwiseAccuracy(data, scores);
  EXPECT_GT(accuracy, 0.3);
  EXPECT_LT(accuracy, 0.7);
}

//===----------------------------------------------------------------------===//
// Warm-up and determinism
//===----------------------------------------------------------------------===//

TEST_F(XGBoostTest, WarmsUpWithRandomScores) {
  RankingData data = makeRankingData();
  CostModelOptions options;
  options.warmupSamples = 16;
  std::unique_ptr<CostModel> model = make(options);
  ASSERT_TRUE(model);
  std::string error;
  ArrayRef<CostSample> train(data.train);
  ASSERT_TRUE(succeeded(model->update(train.take_front(10), error))) << error;
  EXPECT_FALSE(model->isTrained());
  std::vector<FeatureVector> features = featuresOf(data.test);
  for (int call = 0; call < 2; ++call)
    for (double s : model->predict(features)) {
      EXPECT_GT(s, 0);
      EXPECT_LE(s, 1);
    }
  ASSERT_TRUE(succeeded(model->update(train.slice(10, 30), error))) << error;
  EXPECT_EQ(model->getNumSamples(), 40u);
  EXPECT_TRUE(model->isTrained());
}

TEST_F(XGBoostTest, NeedsTwoLabelsInAGroup) {
  CostModelOptions options;
  options.warmupSamples = 2;
  std::unique_ptr<CostModel> model = make(options);
  ASSERT_TRUE(model);
  // Every group has one sample: nothing to rank yet.
  std::vector<CostSample> samples;
  for (int i = 0; i < 4; ++i)
    samples.push_back({{float(i), 1}, 1.0f, "g" + std::to_string(i)});
  std::string error;
  ASSERT_TRUE(succeeded(model->update(samples, error))) << error;
  EXPECT_FALSE(model->isTrained());
  ASSERT_TRUE(succeeded(model->update({{{0, 2}, 0.5f, "g0"}}, error))) << error;
  EXPECT_TRUE(model->isTrained());
}

TEST_F(XGBoostTest, IsDeterministic) {
  RankingData data = makeRankingData();
  CostModelOptions options;
  options.seed = 42;
  std::unique_ptr<CostModel> a = make(options), b = make(options);
  ASSERT_TRUE(a && b);
  std::vector<FeatureVector> features = featuresOf(data.test);
  // Warm-up scores.
  EXPECT_EQ(a->predict(features), b->predict(features));
  std::string error;
  ASSERT_TRUE(succeeded(a->update(data.train, error))) << error;
  ASSERT_TRUE(succeeded(b->update(data.train, error))) << error;
  std::vector<double> sa = a->predict(features), sb = b->predict(features);
  ASSERT_EQ(sa.size(), sb.size());
  for (size_t i = 0; i < sa.size(); ++i)
    EXPECT_EQ(sa[i], sb[i]) << "row " << i;
}

TEST(RandomCostModelTest, IsDeterministic) {
  RankingData data = makeRankingData();
  CostModelOptions options;
  options.seed = 3;
  std::unique_ptr<CostModel> a = create("random", options),
                             b = create("random", options);
  options.seed = 4;
  std::unique_ptr<CostModel> c = create("random", options);
  ASSERT_TRUE(a && b && c);
  std::vector<FeatureVector> features = featuresOf(data.test);
  std::vector<double> sa = a->predict(features);
  EXPECT_EQ(sa, b->predict(features));
  EXPECT_NE(sa, c->predict(features));
  // The next call draws new numbers.
  EXPECT_NE(sa, a->predict(features));
}

//===----------------------------------------------------------------------===//
// save / load
//===----------------------------------------------------------------------===//

TEST_F(XGBoostTest, SaveLoadRoundTrip) {
  RankingData data = makeRankingData();
  std::unique_ptr<CostModel> model = makeTrained(data);
  ASSERT_TRUE(model);
  TempFile file;
  std::string error;
  ASSERT_TRUE(succeeded(model->save(file.path, error))) << error;
  EXPECT_FALSE(llvm::sys::fs::exists(file.str() + ".tmp"));

  std::unique_ptr<CostModel> loaded = make();
  ASSERT_TRUE(loaded);
  ASSERT_TRUE(succeeded(loaded->load(file.path, error))) << error;
  EXPECT_TRUE(loaded->isTrained());
  EXPECT_EQ(loaded->getNumSamples(), model->getNumSamples());
  std::vector<FeatureVector> features = featuresOf(data.test);
  std::vector<double> expected = model->predict(features),
                      actual = loaded->predict(features);
  ASSERT_EQ(expected.size(), actual.size());
  for (size_t i = 0; i < expected.size(); ++i)
    EXPECT_EQ(expected[i], actual[i]) << "row " << i;

  // Saving the loaded model gives the same file.
  TempFile again;
  ASSERT_TRUE(succeeded(loaded->save(again.path, error))) << error;
  auto first = llvm::MemoryBuffer::getFile(file.path);
  auto second = llvm::MemoryBuffer::getFile(again.path);
  ASSERT_TRUE(first && second);
  EXPECT_EQ((*first)->getBuffer(), (*second)->getBuffer());

  // The loaded samples join the training set: a retrain uses them.
  ASSERT_TRUE(succeeded(loaded->update(data.test, error))) << error;
  EXPECT_EQ(loaded->getNumSamples(), 400u);
  EXPECT_TRUE(loaded->isTrained());
}

TEST_F(XGBoostTest, SaveLoadUntrained) {
  RankingData data = makeRankingData();
  std::unique_ptr<CostModel> model = make();
  ASSERT_TRUE(model);
  std::string error;
  ASSERT_TRUE(succeeded(
      model->update(ArrayRef<CostSample>(data.train).take_front(5), error)));
  EXPECT_FALSE(model->isTrained());
  TempFile file;
  ASSERT_TRUE(succeeded(model->save(file.path, error))) << error;
  std::unique_ptr<CostModel> loaded = make();
  ASSERT_TRUE(succeeded(loaded->load(file.path, error))) << error;
  EXPECT_FALSE(loaded->isTrained());
  EXPECT_EQ(loaded->getNumSamples(), 5u);
}

TEST_F(XGBoostTest, LoadRejectsBadFiles) {
  RankingData data = makeRankingData();
  std::string error;

  // A file of the other model kind.
  std::unique_ptr<CostModel> random = create("random");
  ASSERT_TRUE(random);
  ASSERT_TRUE(succeeded(random->update(data.train, error))) << error;
  TempFile randomFile;
  ASSERT_TRUE(succeeded(random->save(randomFile.path, error))) << error;
  std::unique_ptr<CostModel> model = make();
  ASSERT_TRUE(model);
  EXPECT_TRUE(failed(model->load(randomFile.path, error)));
  EXPECT_NE(error.find("holds a 'random' cost model"), std::string::npos)
      << error;
  EXPECT_NE(error.find(randomFile.str()), std::string::npos) << error;

  // A missing file.
  error.clear();
  EXPECT_TRUE(failed(model->load(randomFile.str() + ".missing", error)));
  EXPECT_NE(error.find(".missing"), std::string::npos) << error;

  // A truncated file.
  std::unique_ptr<CostModel> trained = makeTrained(data);
  ASSERT_TRUE(trained);
  TempFile file;
  ASSERT_TRUE(succeeded(trained->save(file.path, error))) << error;
  auto buffer = llvm::MemoryBuffer::getFile(file.path);
  ASSERT_TRUE(buffer);
  std::string text = (*buffer)->getBuffer().str();
  writeFile(file.path, StringRef(text).take_front(text.size() / 2));
  error.clear();
  EXPECT_TRUE(failed(model->load(file.path, error)));
  EXPECT_NE(error.find(file.str()), std::string::npos) << error;

  // A corrupt booster.
  size_t at = text.find("\"booster\":");
  ASSERT_NE(at, std::string::npos);
  writeFile(file.path, text.substr(0, at) + "\"booster\":{\"learner\":1}}");
  error.clear();
  EXPECT_TRUE(failed(model->load(file.path, error)));
  EXPECT_FALSE(error.empty());

  // A feature vector of the wrong length.
  writeFile(file.path,
            R"({"format": "mlir-tuner-cost-model", "version": 1,
                "model": "xgboost", "num_features": 3,
                "samples": [{"group": "g", "label": 1, "features": [1, 2]}],
                "booster": null})");
  error.clear();
  EXPECT_TRUE(failed(model->load(file.path, error)));
  EXPECT_NE(error.find("features"), std::string::npos) << error;

  // A file of another format, or version.
  writeFile(file.path, R"({"format": "other", "version": 1})");
  EXPECT_TRUE(failed(model->load(file.path, error)));
  writeFile(file.path, R"({"format": "mlir-tuner-cost-model", "version": 2,
                           "model": "xgboost"})");
  EXPECT_TRUE(failed(model->load(file.path, error)));
  EXPECT_NE(error.find("version"), std::string::npos) << error;

  // Nothing was loaded by the failed attempts.
  EXPECT_EQ(model->getNumSamples(), 0u);
  EXPECT_FALSE(model->isTrained());
}

TEST(RandomCostModelTest, SaveLoadRoundTrip) {
  RankingData data = makeRankingData();
  std::unique_ptr<CostModel> model = create("random");
  ASSERT_TRUE(model);
  std::string error;
  ASSERT_TRUE(succeeded(model->update(data.train, error))) << error;
  TempFile file;
  ASSERT_TRUE(succeeded(model->save(file.path, error))) << error;
  std::unique_ptr<CostModel> loaded = create("random");
  ASSERT_TRUE(succeeded(loaded->load(file.path, error))) << error;
  EXPECT_EQ(loaded->getNumSamples(), 300u);
  EXPECT_FALSE(loaded->isTrained());
  EXPECT_TRUE(failed(loaded->load(file.str() + ".missing", error)));
}

//===----------------------------------------------------------------------===//
// Options and the registry
//===----------------------------------------------------------------------===//

TEST(CostModelRegistryTest, NamesAndUnknownModels) {
  EXPECT_EQ(getCostModelNames(),
            (std::vector<std::string>{"random", "xgboost"}));
  std::string error;
  EXPECT_TRUE(failed(createCostModel("nope", {}, error)));
  EXPECT_NE(error.find("nope"), std::string::npos) << error;
  EXPECT_NE(error.find("random"), std::string::npos) << error;
  EXPECT_NE(error.find("xgboost"), std::string::npos) << error;
}

TEST(CostModelRegistryTest, Options) {
  std::string error;
  CostModelOptions options;
  options.options["depth"] = "3";
  EXPECT_TRUE(failed(createCostModel("random", options, error)));
  EXPECT_EQ(error, "cost model 'random' has no options");

  error.clear();
  EXPECT_TRUE(failed(createCostModel("xgboost", options, error)));
  EXPECT_EQ(error, "unknown option 'depth' of cost model 'xgboost'; known: "
                   "rounds, max-depth, eta");

  for (auto [name, value] :
       {std::pair<const char *, const char *>{"rounds", "0"},
        {"rounds", "x"},
        {"rounds", "-3"},
        {"max-depth", "0"},
        {"eta", "0"},
        {"eta", "1.5"},
        {"eta", "nan"},
        {"eta", ""}}) {
    CostModelOptions bad;
    bad.options[name] = value;
    error.clear();
    EXPECT_TRUE(failed(createCostModel("xgboost", bad, error)))
        << name << "=" << value;
    EXPECT_NE(error.find(std::string("'") + name + "'"), std::string::npos)
        << error;
  }
}

TEST_F(XGBoostTest, AcceptsGoodOptions) {
  RankingData data = makeRankingData();
  CostModelOptions options;
  options.options["rounds"] = "5";
  options.options["max-depth"] = "3";
  options.options["eta"] = "0.5";
  options.threads = 1;
  std::unique_ptr<CostModel> model = makeTrained(data, options);
  ASSERT_TRUE(model);
  double accuracy =
      pairwiseAccuracy(data, model->predict(featuresOf(data.test)));
  EXPECT_GT(accuracy, 0.6);
}

//===----------------------------------------------------------------------===//
// Empty and malformed feature vectors
//===----------------------------------------------------------------------===//

TEST_F(XGBoostTest, EmptyAndWrongLengthVectorsScoreZero) {
  RankingData data = makeRankingData();
  std::unique_ptr<CostModel> model = make();
  ASSERT_TRUE(model);
  std::vector<FeatureVector> features = {
      {}, {1, 2, 3}, data.test[0].features, std::vector<float>(8, 1.0f)};
  // During warm-up, too.
  std::vector<double> scores = model->predict(features);
  EXPECT_EQ(scores[0], 0);
  EXPECT_GT(scores[2], 0);

  std::string error;
  ASSERT_TRUE(succeeded(model->update(data.train, error))) << error;
  ASSERT_TRUE(model->isTrained());
  scores = model->predict(features);
  ASSERT_EQ(scores.size(), 4u);
  EXPECT_EQ(scores[0], 0);
  EXPECT_EQ(scores[1], 0);
  EXPECT_GT(scores[2], 0);
  EXPECT_EQ(scores[3], 0);
  EXPECT_EQ(model->predict({}), std::vector<double>());
  EXPECT_EQ(model->predict({FeatureVector()}), std::vector<double>{0.0});

  // Samples without features are not kept; samples of another length are
  // refused.
  ASSERT_TRUE(succeeded(model->update({{{}, 0.0f, "task0"}}, error)));
  EXPECT_EQ(model->getNumSamples(), 300u);
  EXPECT_TRUE(failed(model->update({{{1, 2}, 0.5f, "task0"}}, error)));
  EXPECT_NE(error.find("features"), std::string::npos) << error;
  EXPECT_EQ(model->getNumSamples(), 300u);
}

TEST(RandomCostModelTest, EmptyVectorsScoreZero) {
  std::unique_ptr<CostModel> model = create("random");
  ASSERT_TRUE(model);
  std::vector<double> scores = model->predict({{}, {1, 2}, {}});
  ASSERT_EQ(scores.size(), 3u);
  EXPECT_EQ(scores[0], 0);
  EXPECT_GT(scores[1], 0);
  EXPECT_LE(scores[1], 1);
  EXPECT_EQ(scores[2], 0);
}

//===----------------------------------------------------------------------===//
// Timing (printed, not asserted)
//===----------------------------------------------------------------------===//

TEST_F(XGBoostTest, Timing) {
  const unsigned numFeatures = 60;
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<float> uniform(0, 8);
  auto makeVector = [&] {
    FeatureVector v(numFeatures);
    for (float &f : v)
      f = uniform(rng);
    return v;
  };
  std::vector<CostSample> samples;
  for (unsigned i = 0; i < 300; ++i) {
    CostSample s;
    s.features = makeVector();
    s.group = "task" + std::to_string(i % 4);
    s.label = throughput(s.features, i % 4);
    samples.push_back(std::move(s));
  }
  std::vector<FeatureVector> queries;
  for (unsigned i = 0; i < 1000; ++i)
    queries.push_back(makeVector());

  for (unsigned threads : {0u, 1u}) {
    CostModelOptions options;
    options.threads = threads;
    std::unique_ptr<CostModel> model = make(options);
    ASSERT_TRUE(model);
    std::string error;
    auto start = std::chrono::steady_clock::now();
    ASSERT_TRUE(succeeded(model->update(samples, error))) << error;
    double train =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    ASSERT_TRUE(model->isTrained());
    start = std::chrono::steady_clock::now();
    std::vector<double> scores = model->predict(queries);
    double predict =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    EXPECT_EQ(scores.size(), 1000u);
    std::printf("xgboost (threads=%u) update(300 samples x %u features, 60 "
                "rounds): %.1f ms; predict(1000 vectors): %.2f ms\n",
                threads, numFeatures, train * 1e3, predict * 1e3);
    EXPECT_NEAR(model->getTrainSeconds(), train, 0.05 + train * 0.1);
    EXPECT_NEAR(model->getPredictSeconds(), predict, 0.05 + predict * 0.1);
  }
}
