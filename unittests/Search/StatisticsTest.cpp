//===- StatisticsTest.cpp - Student's t-test against scipy ----------------===//
//
// Reference values from scipy 1.10 (scipy.stats.ttest_ind, equal_var=True,
// and scipy.stats.t.cdf).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Search/Statistics.h"

#include "gtest/gtest.h"

using namespace mlir::tuner;

TEST(StatisticsTest, StudentTCDFMatchesScipy) {
  EXPECT_NEAR(studentTCDF(2.5, 3), 0.9561466764959673, 1e-12);
  EXPECT_NEAR(studentTCDF(-0.3, 10), 0.38516030378289934, 1e-12);
  EXPECT_NEAR(studentTCDF(1.0, 1), 0.75, 1e-12);
  EXPECT_NEAR(studentTCDF(4.0, 30), 0.9998090771819581, 1e-12);
  EXPECT_DOUBLE_EQ(studentTCDF(0, 7), 0.5);
}

TEST(StatisticsTest, TTestMatchesScipy) {
  std::optional<double> p =
      studentTTest({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6});
  ASSERT_TRUE(p);
  EXPECT_NEAR(*p, 0.34659350708733416, 1e-12);

  // A "gain" within the noise: not significant.
  p = studentTTest({1.0, 1.02, 0.98}, {0.99, 1.01, 0.985});
  ASSERT_TRUE(p);
  EXPECT_NEAR(*p, 0.7362488681135831, 1e-12);
  EXPECT_GT(*p, 0.05);

  // A real 10% gain: significant.
  p = studentTTest({1.0, 1.01, 0.99, 1.0}, {0.90, 0.91, 0.89});
  ASSERT_TRUE(p);
  EXPECT_NEAR(*p, 2.6874951235498553e-05, 1e-12);
}

TEST(StatisticsTest, DegenerateSamples) {
  EXPECT_FALSE(studentTTest({1.0}, {2.0, 3.0}));
  EXPECT_FALSE(studentTTest({}, {}));
  EXPECT_EQ(*studentTTest({1, 1, 1}, {1, 1}), 1.0);
  EXPECT_EQ(*studentTTest({1, 1, 1}, {2, 2}), 0.0);
  EXPECT_DOUBLE_EQ(mean({1, 2, 3, 6}), 3.0);
}
