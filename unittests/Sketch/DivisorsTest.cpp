//===- DivisorsTest.cpp - getDivisors -------------------------------------===//
//
// The divisor lists that integer knobs take their options from: complete
// and sorted, also for the extents hostile programs give (2^62, a large
// prime), for which trial division of every d <= sqrt(n) had taken seconds
// a call (sched-apply-default 43 s on one fuzzer program).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Sketch/Knob.h"

#include "gtest/gtest.h"

using namespace mlir::tuner;

namespace {

/// Every divisor by brute force.
llvm::SmallVector<int64_t> bruteForce(int64_t n) {
  llvm::SmallVector<int64_t> divisors;
  for (int64_t d = 1; d <= n; ++d)
    if (n % d == 0)
      divisors.push_back(d);
  return divisors;
}

TEST(DivisorsTest, MatchesBruteForce) {
  for (int64_t n = 1; n <= 2000; ++n)
    EXPECT_EQ(getDivisors(n), bruteForce(n)) << "n = " << n;
  EXPECT_EQ(getDivisors(11008), bruteForce(11008));
}

TEST(DivisorsTest, NonPositive) {
  EXPECT_TRUE(getDivisors(0).empty());
  EXPECT_TRUE(getDivisors(-12).empty());
}

TEST(DivisorsTest, HugeExtents) {
  llvm::SmallVector<int64_t> powerOfTwo = getDivisors(int64_t(1) << 62);
  ASSERT_EQ(powerOfTwo.size(), 63u);
  EXPECT_EQ(powerOfTwo.front(), 1);
  EXPECT_EQ(powerOfTwo.back(), int64_t(1) << 62);
  // 2^61 - 1 is prime; 2^31 x (2^31 - 1) has a prime factor above the
  // trial-division limit.
  EXPECT_EQ(getDivisors((int64_t(1) << 61) - 1),
            (llvm::SmallVector<int64_t>{1, (int64_t(1) << 61) - 1}));
  int64_t prime = (int64_t(1) << 31) - 1;
  llvm::SmallVector<int64_t> mixed = getDivisors((int64_t(1) << 31) * prime);
  EXPECT_EQ(mixed.size(), 64u);
  EXPECT_TRUE(llvm::is_sorted(mixed));
  EXPECT_EQ(mixed[31], prime);
  EXPECT_EQ(mixed[32], int64_t(1) << 31);
}

} // namespace
