//===- RandomPolicyTest.cpp - the random policy and the space -------------===//

#include "TestHooks.h"
#include "TestSpace.h"

#include "Tuner/Tuner/Search/SearchPolicy.h"

#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tuner;
using namespace mlir::tuner::test;

namespace {
struct Harness {
  Harness(unsigned dims, unsigned size,
          std::function<bool(const KnobValues &)> constraint = nullptr,
          uint64_t seed = 1, StringRef policyName = "random")
      : space(makeSpace(&ctx, sketch, dims, size, std::move(constraint))),
        context{*space, measured, history, nullptr, seed, {}} {
    std::string error;
    auto created = createSearchPolicy(policyName, context, error);
    EXPECT_TRUE(succeeded(created)) << error;
    policy = std::move(*created);
  }

  /// Proposes, "measures" with the fake cost, and records; returns the keys.
  std::vector<std::string> step(unsigned n) {
    std::vector<std::string> keys;
    std::vector<MeasuredCandidate> results;
    for (Candidate &c : policy->propose(n)) {
      std::string key = space->getKey(c);
      EXPECT_TRUE(space->isValid(c)) << key;
      EXPECT_TRUE(measured.insert(key).second) << "repeated " << key;
      double cost = test::getFakeCost(*space, c, "task");
      results.push_back({c, {cost}});
      history.push_back(results.back());
      keys.push_back(key);
    }
    policy->update(results);
    return keys;
  }

  MLIRContext ctx;
  TestSketch sketch;
  std::unique_ptr<SearchSpace> space;
  llvm::StringSet<> measured;
  std::vector<MeasuredCandidate> history;
  PolicyContext context;
  std::unique_ptr<SearchPolicy> policy;
};
} // namespace

TEST(SearchSpaceTest, KeysConfigsAndValidity) {
  MLIRContext ctx;
  ctx.loadDialect<sched::SchedDialect>();
  TestSketch sketch;
  auto space = makeSpace(&ctx, sketch, 2, 3, [](const KnobValues &v) {
    return v.getInt("k0") <= v.getInt("k1");
  });
  Candidate c{0, {2, 1}};
  EXPECT_FALSE(space->isValid(c)); // 4 > 2
  Candidate d{0, {1, 2}};
  EXPECT_TRUE(space->isValid(d));
  EXPECT_FALSE(space->isValid(Candidate{0, {3, 0}})); // out of range
  EXPECT_EQ(space->getKey(d), "test.synthetic{k0=2,k1=4}");
  std::string error;
  FailureOr<Candidate> back =
      space->fromConfig(space->toConfig(&ctx, d), error);
  ASSERT_TRUE(succeeded(back)) << error;
  EXPECT_EQ(*back, d);
  EXPECT_EQ(space->getSize(), 9);
}

TEST(RandomPolicyTest, ValidNoRepeatsUntilExhausted) {
  // 4 x 4 = 16 points, 10 valid (k0 <= k1).
  Harness h(2, 4, [](const KnobValues &v) {
    return v.getInt("k0") <= v.getInt("k1");
  });
  std::vector<std::string> all;
  for (int round = 0; round < 5; ++round)
    for (std::string &k : h.step(3))
      all.push_back(k);
  EXPECT_EQ(all.size(), 10u);
  EXPECT_TRUE(h.step(3).empty());
}

TEST(RandomPolicyTest, ReproducibleForASeed) {
  Harness a(3, 6, nullptr, /*seed=*/7), b(3, 6, nullptr, /*seed=*/7),
      c(3, 6, nullptr, /*seed=*/8);
  std::vector<std::string> ka, kb, kc;
  for (int round = 0; round < 4; ++round) {
    for (std::string &k : a.step(8))
      ka.push_back(k);
    for (std::string &k : b.step(8))
      kb.push_back(k);
    for (std::string &k : c.step(8))
      kc.push_back(k);
  }
  EXPECT_EQ(ka, kb);
  EXPECT_NE(ka, kc);
}

TEST(RandomPolicyTest, RejectsOptionsAndUnknownNames) {
  MLIRContext ctx;
  TestSketch sketch;
  auto space = makeSpace(&ctx, sketch, 1, 2);
  llvm::StringSet<> measured;
  std::vector<MeasuredCandidate> history;
  PolicyContext context{*space, measured, history, nullptr, 0, {}};
  context.options["population"] = "4";
  std::string error;
  EXPECT_TRUE(failed(createSearchPolicy("random", context, error)));
  EXPECT_TRUE(failed(createSearchPolicy("magic", context, error)));
  EXPECT_NE(error.find("unknown search policy 'magic'"), std::string::npos);
}

TEST(FakeMeasurerTest, CostIsDeterministicWithOneOptimum) {
  MLIRContext ctx;
  TestSketch sketch;
  auto space = makeSpace(&ctx, sketch, 2, 5);
  double best = 1e9;
  unsigned bestCount = 0;
  for (unsigned i = 0; i < 5; ++i)
    for (unsigned j = 0; j < 5; ++j) {
      double cost = test::getFakeCost(*space, Candidate{0, {i, j}}, "task");
      EXPECT_EQ(cost, test::getFakeCost(*space, Candidate{0, {i, j}}, "task"));
      if (cost < best - 1e-15) {
        best = cost;
        bestCount = 1;
      } else if (std::abs(cost - best) < 1e-15) {
        ++bestCount;
      }
    }
  EXPECT_DOUBLE_EQ(best, 1e-3);
  EXPECT_EQ(bestCount, 1u);
}
