//===- FloatRuntime.cpp - narrow float conversions for JIT code -----------===//
//
// The compiler-runtime conversion functions between f32/f64 and bf16/f16
// that LLVM calls where the target has no instruction for them.
//
// Calling convention: on x86-64 LLVM passes and returns `half` and `bfloat`
// in the low 16 bits of an XMM register, as it does a `float` in its low 32
// bits. The functions below take and return `float` whose bit pattern
// carries the 16 bits in its low half, which is that convention in any C++
// compiler (no `_Float16`/`__bf16` support needed).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Runtime/FloatRuntime.h"

#include <cmath>
#include <cstring>

using namespace mlir;
using namespace mlir::tuner;

static uint32_t bitsOf(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

static float floatOf(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

uint16_t runtime::truncateToBF16(float value) {
  uint32_t bits = bitsOf(value);
  if ((bits & 0x7fffffffu) > 0x7f800000u)
    return static_cast<uint16_t>((bits >> 16) | 0x0040u);
  // Round to nearest, ties to even: add half an ulp of bf16 minus one, plus
  // the lowest kept bit.
  bits += 0x7fffu + ((bits >> 16) & 1u);
  return static_cast<uint16_t>(bits >> 16);
}

uint16_t runtime::truncateToF16(float value) {
  uint32_t bits = bitsOf(value);
  uint16_t sign = static_cast<uint16_t>((bits >> 16) & 0x8000u);
  uint32_t magnitude = bits & 0x7fffffffu;
  if (magnitude > 0x7f800000u) // NaN: keep the top payload bits, quiet.
    return sign | 0x7e00u | static_cast<uint16_t>((magnitude >> 13) & 0x1ffu);
  if (magnitude >= 0x477ff000u) // Rounds to 65520 or more: infinity.
    return sign | 0x7c00u;
  if (magnitude < 0x38800000u) {
    // Below the smallest normal half (2^-14): a subnormal half, i.e. a
    // multiple of 2^-24, rounded to nearest even.
    if (magnitude < 0x33000000u) // Below 2^-25: rounds to zero.
      return sign;
    uint32_t exponent = magnitude >> 23;
    uint32_t mantissa = (magnitude & 0x7fffffu) | 0x800000u;
    // value = mantissa * 2^(exponent - 150); in units of 2^-24:
    uint32_t shift = 126 - exponent; // 14..24 for 2^-25 <= value < 2^-14
    uint32_t half = mantissa >> shift;
    uint32_t rest = mantissa & ((1u << shift) - 1);
    uint32_t halfway = 1u << (shift - 1);
    if (rest > halfway || (rest == halfway && (half & 1u)))
      ++half;
    return sign | static_cast<uint16_t>(half);
  }
  // Normal: rebias the exponent (127 -> 15) and round the mantissa from 23
  // to 10 bits; a carry out of the mantissa correctly bumps the exponent.
  uint32_t rounded = magnitude - (112u << 23);
  rounded += 0xfffu + ((rounded >> 13) & 1u);
  return sign | static_cast<uint16_t>(rounded >> 13);
}

float runtime::extendF16(uint16_t bits) {
  uint32_t sign = static_cast<uint32_t>(bits & 0x8000u) << 16;
  uint32_t exponent = (bits >> 10) & 0x1fu, mantissa = bits & 0x3ffu;
  if (exponent == 0x1f) // Infinity or NaN.
    return floatOf(sign | 0x7f800000u | (mantissa << 13));
  if (exponent == 0) {
    if (mantissa == 0)
      return floatOf(sign);
    // Subnormal: mantissa * 2^-24, exact in f32.
    float value = static_cast<float>(mantissa) * (1.0f / 16777216.0f);
    return sign ? -value : value;
  }
  return floatOf(sign | ((exponent + 112) << 23) | (mantissa << 13));
}

/// The low 16 bits of an XMM argument register (see the file comment).
static uint16_t low16(float value) {
  return static_cast<uint16_t>(bitsOf(value) & 0xffffu);
}

/// 16 bits returned in an XMM register (see the file comment).
static float asLow16(uint16_t bits) { return floatOf(bits); }

/// `x` rounded to f32 toward zero, with the lowest bit set when inexact
/// (round to odd): rounding that to a narrower type (bf16, f16: at least
/// two bits fewer) to nearest gives what rounding `x` directly would, not
/// a double rounding.
static float roundToOddF32(double x) {
  float narrowed = static_cast<float>(x);
  if (std::isnan(x) || std::isinf(narrowed) ||
      static_cast<double>(narrowed) == x)
    return narrowed;
  uint32_t bits = bitsOf(narrowed);
  if (std::fabs(static_cast<double>(narrowed)) > std::fabs(x))
    --bits; // One ulp toward zero (the magnitude is in the low 31 bits).
  return floatOf(bits | 1u);
}

extern "C" {
static float tunerTruncSFBF2(float x) {
  return asLow16(runtime::truncateToBF16(x));
}
static float tunerTruncDFBF2(double x) {
  return asLow16(runtime::truncateToBF16(roundToOddF32(x)));
}
static float tunerTruncSFHF2(float x) {
  return asLow16(runtime::truncateToF16(x));
}
static float tunerTruncDFHF2(double x) {
  return asLow16(runtime::truncateToF16(roundToOddF32(x)));
}
static float tunerExtendHFSF2(float x) { return runtime::extendF16(low16(x)); }
// The GNU names take and return the half as an integer.
static float tunerGnuH2F(uint16_t bits) { return runtime::extendF16(bits); }
static uint16_t tunerGnuF2H(float x) { return runtime::truncateToF16(x); }
}

void runtime::forEachFloatConversion(
    llvm::function_ref<void(StringRef, void *)> fn) {
  fn("__truncsfbf2", reinterpret_cast<void *>(&tunerTruncSFBF2));
  fn("__truncdfbf2", reinterpret_cast<void *>(&tunerTruncDFBF2));
  fn("__truncsfhf2", reinterpret_cast<void *>(&tunerTruncSFHF2));
  fn("__truncdfhf2", reinterpret_cast<void *>(&tunerTruncDFHF2));
  fn("__extendhfsf2", reinterpret_cast<void *>(&tunerExtendHFSF2));
  fn("__gnu_h2f_ieee", reinterpret_cast<void *>(&tunerGnuH2F));
  fn("__gnu_f2h_ieee", reinterpret_cast<void *>(&tunerGnuF2H));
}
