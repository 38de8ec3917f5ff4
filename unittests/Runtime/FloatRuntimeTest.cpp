//===- FloatRuntimeTest.cpp - the narrow float conversions of the JIT -----===//
//
// The conversions JIT-compiled code calls where the target has no
// instruction (lib/Runtime/FloatRuntime.cpp) against LLVM's APFloat, which
// rounds to nearest even: every f16 and bf16 value, and f32 values around
// their rounding boundaries, subnormals, overflow and NaN.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Runtime/FloatRuntime.h"

#include "llvm/ADT/APFloat.h"

#include "gtest/gtest.h"

#include <cstring>
#include <random>

using namespace mlir::tuner;

namespace {

float floatOf(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

/// APFloat's rounding of `value` to `semantics`, as bits.
uint16_t expected(float value, const llvm::fltSemantics &semantics) {
  llvm::APFloat f(value);
  bool losesInfo = false;
  f.convert(semantics, llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  return static_cast<uint16_t>(f.bitcastToAPInt().getZExtValue());
}

bool isNaN16(uint16_t bits, unsigned exponentBits) {
  unsigned mantissaBits = 15 - exponentBits;
  uint16_t exponent = (bits >> mantissaBits) & ((1u << exponentBits) - 1);
  return exponent == (1u << exponentBits) - 1 &&
         (bits & ((1u << mantissaBits) - 1));
}

void checkOne(float value) {
  uint16_t bf16 = runtime::truncateToBF16(value);
  uint16_t wantBF16 = expected(value, llvm::APFloat::BFloat());
  if (std::isnan(value))
    EXPECT_TRUE(isNaN16(bf16, 8)) << value;
  else
    EXPECT_EQ(bf16, wantBF16) << "bf16 of " << value;
  uint16_t f16 = runtime::truncateToF16(value);
  uint16_t wantF16 = expected(value, llvm::APFloat::IEEEhalf());
  if (std::isnan(value))
    EXPECT_TRUE(isNaN16(f16, 5)) << value;
  else
    EXPECT_EQ(f16, wantF16) << "f16 of " << value;
}

TEST(FloatRuntimeTest, ExtendsEveryHalf) {
  for (uint32_t bits = 0; bits < 0x10000; ++bits) {
    llvm::APFloat want(llvm::APFloat::IEEEhalf(), llvm::APInt(16, bits));
    float got = runtime::extendF16(static_cast<uint16_t>(bits));
    if (want.isNaN()) {
      EXPECT_TRUE(std::isnan(got)) << bits;
      continue;
    }
    EXPECT_EQ(got, want.convertToFloat()) << bits;
    // And back: every half is exact in f32.
    EXPECT_EQ(runtime::truncateToF16(got), bits) << bits;
  }
}

TEST(FloatRuntimeTest, RoundsAroundEveryBoundary) {
  // Each 16-bit value's f32 image, and its neighbours up to 3 ulps of f32
  // away, and the exact midpoints between consecutive 16-bit values.
  for (uint32_t high = 0; high < 0x10000; ++high) {
    uint32_t base = high << 16;
    for (int32_t delta : {-3, -1, 0, 1, 3})
      checkOne(floatOf(base + static_cast<uint32_t>(delta)));
    checkOne(floatOf(base | 0x8000u));       // a bf16 tie
    checkOne(floatOf((base | 0x8000u) + 1)); // just above it
  }
  // Random f32 values over the whole range, and around f16's range ends.
  std::mt19937 rng(7);
  for (int i = 0; i < 200000; ++i)
    checkOne(floatOf(rng()));
  for (float v :
       {65504.0f, 65519.0f, 65520.0f, 65536.0f, 6.1035156e-05f, 6.0975552e-05f,
        5.9604645e-08f, 2.9802322e-08f, 2.9802326e-08f, 1e-30f, -0.0f})
    checkOne(v);
}

} // namespace
